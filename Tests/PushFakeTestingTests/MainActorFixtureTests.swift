import Foundation
import PushFakeClients
import PushFakeTesting
import Testing
import XCTest

/// Stands in for main-actor state a UI test keeps (XCUIApplication is main-actor in Xcode 16): the fixture's
/// closure must be able to read and change it without "sending … risks causing data races" errors.
@MainActor
final class MainActorScreen {
    var launchEnvironment: [String: String] = [:]
    var taps = 0
}

// SwiftPM 6.0's generated XCTest runner on Linux passes a @MainActor test case into its methods as a non-Sendable
// value, a warning that CI's warnings-as-errors build turns into an error. Xcode and Swift 6.1+ run this class.
#if !os(Linux) || compiler(>=6.1)
    /// Every fixture entry point from a `@MainActor` XCTest class, as iOS UI tests are written.
    @MainActor
    final class MainActorFixtureXCTests: XCTestCase {
        private let screen = MainActorScreen()
        private var fake: RunningPushFake?

        override func setUp() async throws {
            fake = try RunningPushFake.start(.live)
        }

        override func tearDown() async throws {
            fake?.stop()
            fake = nil
        }

        func test_withPushFake_capturesMainActorState_underBothTransports() async throws {
            for transport in PushFakeTransport.allCases {
                let registered = try await withPushFake(transport) { fake in
                    // The closure runs on the main actor, so it touches main-actor state directly.
                    MainActor.assertIsolated()
                    screen.launchEnvironment = fake.launchEnvironment
                    screen.taps += 1
                    let client = TPNSClient(session: fake.makeURLSession())
                    _ = try await client.register(url: fake.tpnsBaseURL, appKey: "K", pushToken: Data([0xAB]))
                    try await fake.waitFor(.tpns(.register))
                    fake.assertRequested(.tpns(.register).app("K"))
                    fake.assertNoOtherRequests()
                    return fake.entries(matching: .tpns(.register)).count
                }
                XCTAssertEqual(registered, 1)
            }
            XCTAssertEqual(screen.taps, 2)
            XCTAssertNotNil(screen.launchEnvironment["PUSHFAKE_TPNS_URL"])
        }

        func test_setUpFake_injectsAssertsAndRecords_onTheMainActor() async throws {
            let fake = try XCTUnwrap(fake)
            fake.inject(.status(503), when: .tpns(.register), scope: .once)
            let session = fake.makeURLSession()
            var request = URLRequest(url: fake.tpnsBaseURL.appendingPathComponent("api/device/register"))
            request.httpMethod = "POST"
            request.httpBody = Data(
                #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"K","applicationType":"IOS"}"#.utf8)
            let status = (try await session.data(for: request).1 as? HTTPURLResponse)?.statusCode
            XCTAssertEqual(status, 503)
            screen.taps += 1
            fake.assertRequested(.tpns(.register).status(503))
            fake.advanceClock(by: 60)
            XCTAssertEqual(fake.deliveries(to: "D1"), [])
            XCTAssertEqual(fake.journal.count, 1)
        }

        func test_pushFakeServer_startsAndStops_onTheMainActor() async throws {
            let server = try PushFakeServer.start()
            defer { server.stop() }
            let (_, response) = try await URLSession(configuration: .ephemeral).data(
                from: server.adminURL.appendingPathComponent("health"))
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
            screen.taps += 1
        }
    }
#endif

/// The same from a `@MainActor` Swift Testing suite.
@MainActor
@Suite struct MainActorFixtureSuite {
    let screen = MainActorScreen()

    @Test(arguments: PushFakeTransport.allCases)
    func withPushFake_capturesMainActorState(transport: PushFakeTransport) async throws {
        try await withPushFake(transport) { fake in
            MainActor.assertIsolated()
            screen.launchEnvironment = fake.launchEnvironment
            screen.taps += 1
            let client = TPNSClient(session: fake.makeURLSession(), makeDeviceID: { "MAIN-ACTOR-DEVICE" })
            _ = try await client.register(url: fake.tpnsBaseURL, appKey: "K", pushToken: Data([0xCD]))
            try await fake.waitFor(.tpns(.register))
            fake.assertRequested(.tpns(.register).bodyField("deviceRegistrationId", equals: "cd"))
            try fake.assertMatchesRecording("fixtures/recordings/main-actor-register.jsonl")
        }
        #expect(screen.taps == 1)
    }

    @Test func runningPushFake_startStop_onTheMainActor() async throws {
        let fake = try RunningPushFake.start(.urlProtocol)
        defer { fake.stop() }
        fake.inject(.tpnsError(.registrationIsAlreadyInProgress), when: .tpns(.register))
        screen.taps += 1
        let client = TPNSClient(session: fake.makeURLSession())
        await #expect(throws: (any Error).self) {
            _ = try await client.register(url: fake.tpnsBaseURL, appKey: "K", pushToken: Data([0x01]))
        }
        fake.assertRequested(.tpns(.register).faulted())
    }
}
