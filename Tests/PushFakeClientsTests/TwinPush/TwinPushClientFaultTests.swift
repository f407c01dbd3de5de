import Foundation
import PushFakeClients
import PushFakeTesting
import XCTest

/// Injected faults and strict apps, as the clients surface them (``TwinPushClientError``, TwinPushWireProtocol.md §4.4).
final class TwinPushClientFaultTests: XCTestCase {
    private typealias Fixtures = TwinPushClientFixtures

    func test_updateBadge_succeedsOnRetry_whenTheFirstAttemptGetsAnInjected500() async throws {
        for transport in PushFakeTransport.allCases {
            try await withPushFake(transport) { fake in
                // GIVEN a registered Android device and a one-shot 500 on update_badge
                let session = fake.makeURLSession()
                defer { session.finishTasksAndInvalidate() }
                let android = Fixtures.device(.android, fake, session: session)
                let id = try await android.register(pushToken: "fcm")
                fake.inject(.status(500), when: .twinPush(.updateBadge), scope: .once)
                // WHEN the app sets the badge, fails, and retries
                let error = await assertTwinPushClientError { try await android.updateBadge(5) }
                let retried = try await android.updateBadge(5)
                // THEN the failure is the 500 in TwinPush's error shape, and the retry lands
                XCTAssertEqual(error?.code, .server, "\(transport)")
                XCTAssertEqual(error?.statusCode, 500)
                XCTAssertEqual(error?.type, "InternalServerError")
                XCTAssertTrue(retried)
                XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.badge, 5)
                fake.assertRequested(.twinPush(.updateBadge), count: .exactly(2))
                fake.assertRequested(.twinPush(.updateBadge).faulted(), count: .once)
            }
        }
    }

    func test_register_throwsInvalidToken_whenTheFaultIsInjected() async throws {
        for transport in PushFakeTransport.allCases {
            try await withPushFake(transport) { fake in
                // GIVEN an injected InvalidToken on register (an auto-provisioned app would accept any token)
                let session = fake.makeURLSession()
                defer { session.finishTasksAndInvalidate() }
                fake.inject(.twinPushError(.invalidToken), when: .twinPush(.register))
                let ios = Fixtures.device(.iOS, fake, session: session)
                // WHEN the device registers
                let error = await assertTwinPushClientError { try await ios.register(alias: "ana", pushToken: "AB") }
                // THEN it is the client error with the status and type, and no device id is stored
                XCTAssertEqual(error?.statusCode, 403, "\(transport)")
                XCTAssertEqual(error?.type, "InvalidToken")
                XCTAssertFalse(error?.message?.isEmpty ?? true)
                XCTAssertNil(ios.deviceID)
                XCTAssertEqual(fake.engine.twinPushDevices(app: Fixtures.app), [])
            }
        }
    }

    func test_strictApp_refusesWrongTokens_whenAppsAreDeclared() async throws {
        for transport in PushFakeTransport.allCases {
            try await withPushFake(transport, configuration: Fixtures.strict) { fake in
                // GIVEN a declared app, a device with a wrong API token and a backend with a wrong creator token
                let session = fake.makeURLSession()
                defer { session.finishTasksAndInvalidate() }
                let device = Fixtures.device(.android, fake, session: session, apiKey: "wrong")
                let backend = Fixtures.creator(fake, session: session, creatorToken: "wrong")
                // WHEN they call
                let register = await assertTwinPushClientError { try await device.register(pushToken: "fcm") }
                let create = await assertTwinPushClientError {
                    _ = try await backend.createNotification(["broadcast": true, "alert": "Hi"])
                }
                // THEN both are 403 with the type that names the token
                XCTAssertEqual(register?.statusCode, 403, "\(transport)")
                XCTAssertEqual(register?.type, "InvalidToken")
                XCTAssertEqual(create?.statusCode, 403)
                XCTAssertEqual(create?.type, "InvalidCreatorToken")
                fake.assertRequested(.twinPush().status(403), count: .exactly(2))
            }
        }
    }

    func test_client_throwsTheErrorsObject_whenA200CarriesOne() async throws {
        for transport in PushFakeTransport.allCases {
            try await withPushFake(transport) { fake in
                // GIVEN a 200 whose body is an errors object with a message array (Android joins it with \n)
                let session = fake.makeURLSession()
                defer { session.finishTasksAndInvalidate() }
                let android = Fixtures.device(.android, fake, session: session)
                try await android.register(pushToken: "fcm")
                let body: JSON = ["errors": ["type": "DeviceNotUpdated", "message": ["first", "second"]]]
                fake.inject(.status(200, body: body), when: .twinPush(.getBadge))
                // WHEN the badge is read
                let error = await assertTwinPushClientError { _ = try await android.getBadge() }
                // THEN the 2xx answer is a failure carrying the type and the joined message
                XCTAssertEqual(error?.statusCode, 200, "\(transport)")
                XCTAssertEqual(error?.type, "DeviceNotUpdated")
                XCTAssertEqual(error?.message, "first\nsecond")
            }
        }
    }

    func test_register_throwsInvalidResponseAndForgetsTheDevice_whenTheAnswerHasNoObjects() async throws {
        try await withPushFake(.urlProtocol) { fake in
            // GIVEN a registered device, and a register answer of 200 {} next time
            let session = fake.makeURLSession()
            defer { session.finishTasksAndInvalidate() }
            let android = Fixtures.device(.android, fake, session: session)
            try await android.register(pushToken: "fcm")
            fake.inject(.status(200, body: [:]), when: .twinPush(.register))
            // WHEN it registers again
            let error = await assertTwinPushClientError { try await android.register(pushToken: "fcm-2") }
            // THEN the client reports an unreadable answer and, like Android, is no longer registered
            XCTAssertEqual(error?.code, .invalidResponse)
            XCTAssertNil(android.deviceID)
        }
    }
}
