import Foundation
import PushFakeCore
import PushFakeTesting
import XCTest

final class WaitTests: XCTestCase {
    func test_waitFor_resumesWhenBackgroundRequestArrives_whenSentLater() async throws {
        try await withPushFake(.live) { fake in
            let session = fake.makeURLSession()
            let url = fake.tpnsBaseURL.appendingPathComponent("api/application/k/device/d/unregister")
            let background = Scenarios.sendLater(session, url, method: "PUT", times: 2)
            let entries = try await fake.waitFor(.tpns(.unregister), count: 2, timeout: 30)
            XCTAssertEqual(entries.count, 2)
            try await background.value
        }
    }

    func test_waitFor_returnsAtOnce_whenAlreadyRecorded() async throws {
        try await withPushFake(.urlProtocol) { fake in
            try await Scenarios.send(
                fake.makeURLSession(), fake.tpnsBaseURL.appendingPathComponent("api/application/k/device/d/unregister"),
                method: "PUT")
            let started = Date()
            let entries = try await fake.waitFor(.tpns(.unregister), timeout: 30)
            XCTAssertEqual(entries.map(\.sequence), [1])
            XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        }
    }

    func test_waitFor_throwsWithJournal_whenTimeoutPasses() async throws {
        try await withPushFake(.urlProtocol) { fake in
            try await Scenarios.send(
                fake.makeURLSession(), fake.tpnsBaseURL.appendingPathComponent("api/application/k/device/d/unregister"),
                method: "PUT")
            do {
                try await fake.waitFor(.tpns(.register), timeout: 0.2)
                XCTFail("expected a timeout")
            } catch let error as PushFakeError {
                let text = error.description
                XCTAssertTrue(
                    text.contains("1 request(s) matching vendor=tpns, operation=register within 0.2 s; 0 arrived"), text
                )
                XCTAssertTrue(text.contains("- operation: expected register, got unregister"), text)
                XCTAssertTrue(text.contains("#1 PUT /TPNS/api/application/k/device/d/unregister"), text)
            }
        }
    }
}
