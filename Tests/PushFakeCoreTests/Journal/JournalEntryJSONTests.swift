import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Journal entries and deliveries read back from their JSON forms, for clients that fetch them over HTTP (issue 9).
final class JournalEntryJSONTests: XCTestCase {
    private func scenario() -> PushFake {
        let fake = PushFake(PushFakeConfiguration(seed: 3))
        let client = TwinPushTestClient(fake: fake)
        fake.tpnsRegister(deviceId: "D1")
        fake.inject(.tpnsError(.registrationIsAlreadyInProgress), when: .tpns(.register).device("D2"))
        fake.inject(.twinPushError(.invalidToken, message: "no").delayed(by: 1.5), when: .twinPush(.openApp))
        fake.inject(.status(503, body: ["busy": true]), when: .tpns(.unregister))
        fake.inject(.dropResponse, when: .twinPush(.getBadge))
        fake.tpnsRegister(deviceId: "D2")
        fake.tpnsUnregister(deviceId: "D1")
        fake.send(
            "POST", "/TPNS/api/pushnotifications",
            json: #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS_SAND"]}]"#)
        let device = client.registerIOS(alias: "ana")
        client.send("POST", client.devicePath(device, "/open_app"), "{}")
        client.send("GET", client.devicePath(device, "/badge"))
        _ = client.notify(#"{"alert":"Hello","devices_aliases":["ana"],"inbox":true}"#)
        fake.advanceClock(by: 0.25)
        fake.send("GET", "/nowhere?x=1")
        _ = fake.handle(FakeRequest(method: "POST", path: "/api/device/register", body: [0xFF, 0x00, 0x7B]))
        fake.recordRejectedForTest()
        return fake
    }

    func test_journalEntries_roundTripThroughTheirJSONLinesObjects() throws {
        let fake = scenario()
        let entries = fake.journal.entries
        XCTAssertGreaterThan(entries.count, 10)
        XCTAssertTrue(entries.contains { $0.fault != nil })
        for entry in entries {
            let read = try JournalEntry(json: entry.jsonValue)
            XCTAssertEqual(read, entry, "entry \(entry.sequence)")
            XCTAssertEqual(read.jsonValue, entry.jsonValue)
        }
        // also through text, as a remote client gets it
        let text = entries.map { $0.jsonValue.serializedString() }.joined(separator: "\n")
        let parsed = try text.split(separator: "\n").map { try JournalEntry(json: try JSON.parse(String($0))) }
        XCTAssertEqual(parsed, entries)
    }

    func test_faultedEntry_carriesTheFaultInRuleForm() throws {
        let fake = scenario()
        let faulted = try XCTUnwrap(fake.journal.entries.first { $0.operation == .openApp })
        XCTAssertEqual(
            faulted.jsonValue["fault"]?.serializedString(),
            #"{"id":"fault-2","description":"TwinPush error InvalidToken after 1.5s","#
                + #""fault":{"twinPushError":"InvalidToken","message":"no","delay":1.5}}"#)
    }

    func test_entryJSON_isRejectedWithThePath_whenMalformed() throws {
        let fake = scenario()
        guard case .object(var line) = fake.journal.entries[1].jsonValue else { return XCTFail("not an object") }
        line["fault"] = ["id": "fault-1", "description": "x"]
        XCTAssertThrowsError(try JournalEntry(json: .object(line))) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, "fault.fault")
        }
        line["fault"] = ["id": "fault-1", "description": "x", "fault": ["status": 42]]
        XCTAssertThrowsError(try JournalEntry(json: .object(line))) { error in
            XCTAssertEqual("\(error)", "fault.fault.status: must be an integer from 200 to 599, not 42")
        }
        line["fault"] = nil
        line["request"] = ["method": "GET", "path": "/", "headers": [["a"]]]
        XCTAssertThrowsError(try JournalEntry(json: .object(line))) { error in
            XCTAssertEqual("\(error)", "request.headers[0]: must be a [name, value] pair of strings")
        }
        line["v"] = 2
        XCTAssertThrowsError(try JournalEntry(json: .object(line))) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, "v")
        }
    }

    func test_deliveries_roundTripThroughTheirJSON() throws {
        let fake = scenario()
        let client = TwinPushTestClient(fake: fake)
        let device = try XCTUnwrap(fake.twinPushDevices(app: TwinPushTestClient.app).first?.id)
        let notification = try XCTUnwrap(fake.twinPushNotifications(app: TwinPushTestClient.app).first?.id)
        client.send("POST", client.devicePath(device, "/notifications/\(notification)/open_notification"), "{}")
        let big = String(repeating: "x", count: 250)
        _ = client.notify(
            #"{"alert":"\#(big)","devices_ids":["\#(device)"],"sound":"\#(String(repeating: "y", count: 4000))"}"#
        )
        let deliveries = fake.deliveries
        XCTAssertTrue(deliveries.contains { $0.openedAt != nil })
        XCTAssertTrue(deliveries.contains { $0.status != .delivered })
        for delivery in deliveries {
            XCTAssertEqual(try Delivery(json: delivery.jsonValue), delivery, delivery.id)
        }
        guard case .object(var object) = deliveries[0].jsonValue else { return XCTFail("not an object") }
        object["payloadBytes"] = 3
        XCTAssertThrowsError(try Delivery(json: .object(object))) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, "payloadBytes")
        }
        object["payloadBytes"] = nil
        object["platform"] = "windows"
        XCTAssertThrowsError(try Delivery(json: .object(object))) { error in
            XCTAssertEqual("\(error)", #"platform: must be ios, ios_sandbox, android or huawei, not "windows""#)
        }
    }
}

extension PushFake {
    /// A transport-level rejection, as the HTTP server journals one.
    fileprivate func recordRejectedForTest() {
        recordRejected(
            raw: Array("NOT HTTP\r\n\r\n".utf8), response: .json(400, ["error": "bad"]), note: "malformed",
            transport: .http)
    }
}
