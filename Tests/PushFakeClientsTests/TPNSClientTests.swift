import Foundation
import PushFakeClients
import PushFakeCore
import PushFakeHTTP
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class TPNSClientTests: XCTestCase {
    private var server: PushFakeServer!
    private var fake: PushFake { server.fake }
    private let token = Data([0xAB, 0x01, 0xFF, 0x10])
    private let deviceID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    override func setUpWithError() throws {
        server = PushFakeServer()
        try server.start()
    }

    override func tearDown() {
        server.stop()
    }

    private func makeClient() -> TPNSClient {
        TPNSClient(session: URLSession(configuration: .ephemeral), makeDeviceID: { [deviceID] in deviceID })
    }

    private func assertTPNSError(
        _ error: Error, code: Int, text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let error = error as NSError
        XCTAssertEqual(error.domain, "de.telekom.TPNS", file: file, line: line)
        XCTAssertEqual(error.code, code, file: file, line: line)
        XCTAssertEqual(error.localizedDescription, text, file: file, line: line)
    }

    func test_register_sendsSDKBodyAndPersistsDeviceId_whenServerAccepts() async throws {
        let client = makeClient()
        let returned = try await client.register(
            url: server.tpnsBaseURL, appKey: "testApp", pushToken: token,
            additionalParameters: [["key": "SomeAdditionalID", "value": 4711]], sandbox: true)
        XCTAssertEqual(returned, deviceID)
        XCTAssertTrue(client.isRegistered)
        XCTAssertTrue(client.isRegistered(forPushToken: token))
        let entry = try XCTUnwrap(fake.journal.entries.first)
        XCTAssertEqual(entry.request.path, "/TPNS/api/device/register")
        XCTAssertEqual(entry.request.headers["Accept"], "application/json")
        XCTAssertEqual(entry.body?["deviceRegistrationId"], "ab01ff10")
        XCTAssertEqual(entry.body?["applicationType"], "IOS_SAND")
        XCTAssertEqual(entry.body?["additionalParameters"]?[0]?["value"], 4711)
        XCTAssertEqual(fake.tpnsDevice(applicationKey: "testApp", deviceId: deviceID)?.isActive, true)
    }

    func test_register_raises1002LocallyWithoutRequest_whenSameTokenAgain() async throws {
        let client = makeClient()
        _ = try await client.register(url: server.tpnsBaseURL, appKey: "testApp", pushToken: token)
        do {
            _ = try await client.register(url: server.tpnsBaseURL, appKey: "other", pushToken: token)
            XCTFail("expected -1002")
        } catch {
            assertTPNSError(error, code: -1002, text: "Please unregister before you register again.")
        }
        XCTAssertEqual(fake.journal.count, 1, "no request was sent")
        _ = try await client.register(url: server.tpnsBaseURL, appKey: "testApp", pushToken: Data([1, 2]))
        XCTAssertEqual(fake.tpnsDevices().map(\.deviceRegistrationId), ["0102"], "token rotation keeps the deviceId")
    }

    func test_register_raises1001Locally_whenEarlierRegisterStillInFlight() async throws {
        fake.inject(.delay(1), when: .tpns(.register))
        let client = makeClient()
        let url = server.tpnsBaseURL
        let token = self.token
        let first = Task { try await client.register(url: url, appKey: "testApp", pushToken: token) }
        while fake.journal.count == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        do {
            _ = try await client.register(url: server.tpnsBaseURL, appKey: "testApp", pushToken: Data([9]))
            XCTFail("expected -1001")
        } catch {
            assertTPNSError(
                error, code: -1001, text: "There is already a registration in progress. Ignoring addional request.")
        }
        let firstResult = try await first.value
        XCTAssertEqual(firstResult, deviceID)
        XCTAssertEqual(fake.journal.count, 1)
    }

    func test_unregister_clearsStateButKeepsDeviceId_whenServerAnswers200() async throws {
        let client = makeClient()
        _ = try await client.register(url: server.tpnsBaseURL, appKey: "testApp", pushToken: token)
        try await client.unregister()
        XCTAssertFalse(client.isRegistered)
        XCTAssertEqual(client.deviceId, deviceID)
        XCTAssertEqual(
            fake.journal.entries.last?.request.path, "/TPNS/api/application/testApp/device/\(deviceID)/unregister")
        XCTAssertEqual(fake.tpnsDevice(applicationKey: "testApp", deviceId: deviceID)?.isActive, false)
        do {
            try await client.unregister()
            XCTFail("expected -1000")
        } catch {
            assertTPNSError(
                error, code: -1000,
                text: "Unable to unregister device - No AppID, DeviceID found. You need to register this device first.")
        }
    }

    func test_unregister_ignoresNon200LikeTheSDK_whenServerFails() async throws {
        let client = makeClient()
        _ = try await client.register(url: server.tpnsBaseURL, appKey: "testApp", pushToken: token)
        fake.inject(.status(500), when: .tpns(.unregister))
        try await client.unregister()
        XCTAssertTrue(client.isRegistered, "the SDK keeps its state when unregister gets a non-200")
    }

    func test_register_surfacesInjected1001AsTPNSDomainError_whenServerAnswers409() async throws {
        fake.inject(.tpnsError(.registrationIsAlreadyInProgress), when: .tpns(.register))
        let client = makeClient()
        do {
            _ = try await client.register(url: server.tpnsBaseURL, appKey: "testApp", pushToken: token)
            XCTFail("expected -1001")
        } catch {
            assertTPNSError(
                error, code: -1001, text: "There is already a registration in progress. Ignoring addional request.")
        }
        XCTAssertFalse(client.isRegistered, "a failed register clears the stored registration")
    }

    func test_register_mapsStatusToSDKText_whenServerFails() async throws {
        let cases: [(Fault, Int, String)] = [
            (.status(500), 500, "Internal Server Error (original error:Internal Server Error)"),
            (.status(403), 403, "ApiKey invalid / not authorized (original error:Forbidden)"),
            (.status(400, body: ["message": "bad"]), 400, "Bad Request (original error:bad)"),
            (.status(502, body: [:]), 502, "Request failed (original error:No error description was provided)"),
            (.dropConnection, 0, "Request failed (original error:No error description was provided)"),
        ]
        for (fault, code, text) in cases {
            fake.inject(fault, when: .tpns(.register))
            do {
                _ = try await makeClient().register(url: server.tpnsBaseURL, appKey: "testApp", pushToken: token)
                XCTFail("expected \(code)")
            } catch {
                assertTPNSError(error, code: code, text: text)
            }
        }
    }

    func test_register_answers422Text_whenAppKeyRejected() async throws {
        server.stop()
        server = PushFakeServer(fake: PushFake(PushFakeConfiguration(tpnsApps: ["declared"])))
        try server.start()
        do {
            _ = try await makeClient().register(url: server.tpnsBaseURL, appKey: "undeclared", pushToken: token)
            XCTFail("expected 422")
        } catch {
            let error = error as NSError
            XCTAssertEqual(error.code, 422)
            XCTAssertTrue(
                error.localizedDescription.hasPrefix(
                    "Appkey, DeviceId or Application Type empty / invalid (original error:Validation failed: "))
        }
    }

    func test_register_sendsDoubleSlashAndStillRoutes_whenBaseURLHasTrailingSlash() async throws {
        let base = try XCTUnwrap(URL(string: server.tpnsBaseURL.absoluteString + "/"))
        _ = try await makeClient().register(url: base, appKey: "testApp", pushToken: token)
        XCTAssertEqual(fake.journal.entries.first?.request.path, "/TPNS//api/device/register")
        XCTAssertEqual(fake.journal.entries.first?.status, 200)
    }
}
