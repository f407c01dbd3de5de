import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The checks as the vendors apply them (DeliveryChecks.md): failed deliveries with the network's reason in each
/// vendor's report, warnings on delivered ones, journal notes, and valid deliveries untouched.
final class DeliveryChecksEngineTests: XCTestCase {
    func test_twinPushSend_failsBadDeviceToken_andListsItInTheReport_whenAnIOSTokenIsNotHex() throws {
        // GIVEN an iOS device with a token APNs would refuse, and one with a good token
        let client = TwinPushTestClient(fake: PushFake())
        let bad = client.registerIOS(udid: "U1", token: "token-1")
        let good = client.registerIOS(udid: "U2")
        // WHEN a notification goes to both
        let nid = client.notify(#"{"devices_ids":["\#(bad)","\#(good)"],"alert":"Hi"}"#)
        // THEN the bad one fails with APNs's reason and shows in the report's errors; the good one is counted
        let failed = try XCTUnwrap(client.fake.deliveries(to: bad).first)
        XCTAssertEqual(failed.status, .failed(reason: "BadDeviceToken"))
        XCTAssertEqual(failed.problems.map(\.code), ["BadDeviceToken"])
        XCTAssertEqual(client.fake.deliveries(to: good).first?.status, .delivered)
        XCTAssertEqual(client.fake.deliveries(to: good).first?.problems, [])
        let report = client.backend("GET", client.path("/notifications/\(nid)/report")).json
        XCTAssertEqual(report["delivery_count"], 1)
        XCTAssertEqual(report["errors"]?.arrayValue?.count, 1)
        XCTAssertEqual(report["errors"]?[0]?["key"], "BadDeviceToken")
        XCTAssertEqual(report["errors"]?[0]?["level"], "error")
        XCTAssertEqual(
            report["errors"]?[0]?["message"], .string("the device token is not hexadecimal (device \(bad))"))
        // AND the journal entry of the create names the delivery and the problem
        let notes = try XCTUnwrap(client.fake.entries(matching: .twinPush(.createNotification)).last?.notes)
        XCTAssertTrue(notes.contains("notification \(nid): 1 delivered, 1 failed (BadDeviceToken)"), "\(notes)")
        XCTAssertTrue(
            notes.contains {
                $0.hasPrefix("delivery \(failed.id) to \(bad) (ios): rejected BadDeviceToken: ")
                    && $0.hasSuffix(#"measured: "token-1")"#)
            }, "\(notes)")
    }

    func test_tpnsSend_listsTheDeviceInFailedDeviceIds_whenAnIOSTokenIsNotHex() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "bad", token: "not-a-token", type: "IOS")
        fake.tpnsRegister(deviceId: "good", token: "ab12", type: "IOS")
        let body = #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"]}]"#
        let result = try XCTUnwrap(fake.send("POST", "/api/pushnotifications", json: body).json?["results"]?[0])
        XCTAssertEqual(result["deliveredDeviceIds"], ["good"])
        XCTAssertEqual(result["failedDeviceIds"], ["bad"])
        XCTAssertEqual(fake.deliveries(to: "bad").first?.status, .failed(reason: "BadDeviceToken"))
        XCTAssertTrue(
            fake.journal.entries.last?.notes.contains(
                "send 0: 1 delivered, 0 unknown, 0 inactive, 1 failed (BadDeviceToken)")
                ?? false)
    }

    func test_twinPushSend_deliversWithASimulatorWarning_whenMutableContentGoesIntoTheSimulator() throws {
        // GIVEN an engine that writes iOS deliveries for the Simulator, and one that does not
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = PushFakeConfiguration()
        configuration.simulatorDelivery = SimulatorDelivery(bundleID: "com.example.app", directory: directory)
        for simulator in [true, false] {
            let client = TwinPushTestClient(fake: PushFake(simulator ? configuration : PushFakeConfiguration()))
            let ios = client.registerIOS()
            // WHEN a rich notification (mutable-content) goes to the device
            let nid = client.notify(#"{"devices_ids":["\#(ios)"],"alert":"Hi","mutable_content":true}"#)
            // THEN the Simulator path warns that no service extension runs; the push is delivered and counted
            let delivery = try XCTUnwrap(client.fake.deliveries(to: ios).first)
            XCTAssertEqual(delivery.status, .delivered)
            XCTAssertEqual(delivery.warnings.map(\.code), simulator ? ["SimulatorNoServiceExtension"] : [])
            let report = client.backend("GET", client.path("/notifications/\(nid)/report")).json
            XCTAssertEqual(report["delivery_count"], 1)
            XCTAssertEqual(report["errors"], [])
            XCTAssertEqual(delivery.jsonValue["problems"]?[0]?["severity"], simulator ? "warning" : nil)
            client.fake.waitForSimulatorDelivery()
        }
    }

    func test_validDeliveries_haveNoProblemsAndTheirJSONIsUnchanged_whenNothingTrips() throws {
        let client = TwinPushTestClient(fake: PushFake())
        let ios = client.registerIOS()
        let android = client.registerAndroid()
        _ = client.notify(#"{"broadcast":true,"alert":"Hi","title":"T","custom_properties":{"k":1}}"#)
        for delivery in client.fake.deliveries {
            XCTAssertEqual(delivery.problems, [])
            XCTAssertEqual(delivery.status, .delivered)
            XCTAssertEqual(
                delivery.jsonValue.objectValue?.keys,
                [
                    "id", "vendor", "app", "notificationId", "deviceId", "platform", "token", "payload", "payloadBytes",
                    "status", "createdAt", "receivedAt", "openedAt",
                ])
        }
        XCTAssertEqual(client.fake.deliveries.map(\.deviceID), [ios, android])
        XCTAssertFalse(client.fake.journal.entries.last?.notes.contains { $0.hasPrefix("delivery ") } ?? true)
    }

    func test_journalEntry_namesTwentyDeliveriesWithProblems_andCountsTheRest_whenAFanOutHasMore() throws {
        // GIVEN 25 iOS devices with bad tokens
        let fake = PushFake()
        for number in 1...25 { fake.tpnsRegister(deviceId: "D\(number)", token: "bad-\(number)", type: "IOS") }
        // WHEN one send reaches them all
        let body = #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"]}]"#
        fake.send("POST", "/api/pushnotifications", json: body)
        // THEN the entry names 20 of them and counts the other 5; every delivery carries its own problem
        let notes = try XCTUnwrap(fake.journal.entries.last?.notes)
        XCTAssertEqual(notes.filter { $0.hasPrefix("delivery ") }.count, 20)
        XCTAssertEqual(notes.last, "5 more deliveries with problems")
        XCTAssertEqual(fake.deliveries.filter { $0.status == .failed(reason: "BadDeviceToken") }.count, 25)
    }

    func test_scheduledNotification_failsWhenReleased_withoutNotingTheNextRequest() throws {
        // GIVEN a notification scheduled for an iOS device with a bad token
        let client = TwinPushTestClient(fake: PushFake())
        let ios = client.registerIOS(token: "zz")
        let nid = client.notify(#"{"devices_ids":["\#(ios)"],"alert":"Later","send_since":"2026-01-01 01:00:00 UTC"}"#)
        // WHEN the clock releases it, then another request comes
        XCTAssertTrue(client.fake.advanceClock(by: 7200))
        XCTAssertEqual(client.backend("GET", client.path("/notifications/\(nid)/report")).status, 200)
        // THEN the delivery failed and the report lists it, but no journal entry claims the delivery
        XCTAssertEqual(client.fake.deliveries(to: ios).first?.status, .failed(reason: "BadDeviceToken"))
        let report = client.backend("GET", client.path("/notifications/\(nid)/report")).json
        XCTAssertEqual(report["errors"]?[0]?["key"], "BadDeviceToken")
        XCTAssertFalse(client.fake.journal.entries.contains { $0.notes.contains { $0.hasPrefix("delivery ") } })
    }

    func test_twinPushIOSFanOut_checksEachDevicesTokenAndBadge_whenTheContentVerdictIsShared() throws {
        // GIVEN an engine on the Simulator path and three iOS devices, one with a bad token, one with a badge of 9
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = PushFakeConfiguration()
        configuration.simulatorDelivery = SimulatorDelivery(bundleID: "com.example.app", directory: directory)
        let client = TwinPushTestClient(fake: PushFake(configuration))
        let first = client.registerIOS(udid: "U1")
        let bad = client.registerIOS(udid: "U2", token: "nope")
        let third = client.registerIOS(udid: "U3")
        _ = client.notify(#"{"devices_ids":["\#(third)"],"alert":"Hi","badge":"+9"}"#)
        // WHEN one rich notification with a badge goes to all three
        let body =
            #"{"devices_ids":["\#(first)","\#(bad)","\#(third)"],"alert":"A","badge":"+1","mutable_content":true}"#
        _ = client.notify(body)
        client.fake.waitForSimulatorDelivery()
        // THEN each gets the same content warning, only the bad token fails, and each badge is the device's own
        let last = client.fake.deliveries.suffix(3)
        XCTAssertEqual(last.map(\.deviceID), [first, bad, third])
        XCTAssertEqual(last.map(\.status), [.delivered, .failed(reason: "BadDeviceToken"), .delivered])
        XCTAssertEqual(
            last.map { $0.problems.map(\.code) },
            [
                ["SimulatorNoServiceExtension"], ["BadDeviceToken", "SimulatorNoServiceExtension"],
                ["SimulatorNoServiceExtension"],
            ])
        XCTAssertEqual(last.map { $0.payloadJSON?["aps"]?["badge"] }, [1, 1, 10])
    }

    func test_twinPushTrim_warnsNoVisibleAlert_whenTheAlertIsTrimmedToNothing() throws {
        // GIVEN an iOS device and the size of a payload with a one-letter alert and sound name
        let client = TwinPushTestClient(fake: PushFake())
        let ios = client.registerIOS()
        _ = client.notify(#"{"devices_ids":["\#(ios)"],"alert":"A","badge":null,"sound":"s"}"#)
        let base = try XCTUnwrap(client.fake.deliveries(to: ios).last).payload.count
        // WHEN a sound name makes the payload one byte too large, so that TwinPush trims the alert away
        let sound = String(repeating: "s", count: 4096 - base + 2)
        _ = client.notify(#"{"devices_ids":["\#(ios)"],"alert":"A","badge":null,"sound":"\#(sound)"}"#)
        // THEN the trimmed push is delivered, and checked as trimmed: the phone would show no banner
        let trimmed = try XCTUnwrap(client.fake.deliveries(to: ios).last)
        XCTAssertEqual(trimmed.status, .delivered)
        XCTAssertEqual(trimmed.payloadJSON?["aps"]?["alert"], "")
        XCTAssertEqual(trimmed.warnings.map(\.code), ["NoVisibleAlert"])
        XCTAssertEqual(trimmed.warnings.first?.measured, "an empty alert with sound")
        XCTAssertEqual(client.fake.deliveries(to: ios).first?.problems, [], "the untrimmed one shows its alert")
    }

    func test_stateDocument_keepsProblemsAndHeaders_whenLoadedIntoAnotherEngine() throws {
        // GIVEN a failed delivery with a Simulator warning, and one with APNs headers, in a state document
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = PushFakeConfiguration()
        configuration.simulatorDelivery = SimulatorDelivery(bundleID: "com.example.app", directory: directory)
        let client = TwinPushTestClient(fake: PushFake(configuration))
        let ios = client.registerIOS(token: "token-1")
        _ = client.notify(#"{"devices_ids":["\#(ios)"],"alert":"Hi","mutable_content":true}"#)
        client.fake.waitForSimulatorDelivery()
        var snapshot = try XCTUnwrap(client.fake.stateSnapshot().objectValue)
        var deliveries = try XCTUnwrap(snapshot["deliveries"]?.arrayValue)
        var extra = try XCTUnwrap(deliveries[0].objectValue)
        extra["id"] = "3000000000000099"
        extra["apns"] = ["pushType": "background", "priority": 5]
        deliveries.append(.object(extra))
        snapshot["deliveries"] = .array(deliveries)
        // WHEN it is loaded into a fresh engine, which does not deliver into the Simulator, and written again
        let other = PushFake()
        try other.loadState(.object(snapshot))
        // THEN the deliveries are as they were: status, reason, problems and headers kept, not checked again
        XCTAssertEqual(other.deliveries.first, client.fake.deliveries.first)
        XCTAssertEqual(
            other.deliveries.first?.problems.map(\.code), ["BadDeviceToken", "SimulatorNoServiceExtension"])
        XCTAssertEqual(other.deliveries.last?.apns, Delivery.APNsHeaders(pushType: "background", priority: 5))
        XCTAssertEqual(other.deliveries.last?.problems, client.fake.deliveries.first?.problems)
        XCTAssertEqual(other.stateSnapshot()["deliveries"]?[0], deliveries[0])
        let third = PushFake()
        try third.loadState(other.stateSnapshot())
        XCTAssertEqual(third.stateSnapshot(), other.stateSnapshot())
    }

    func test_stateDocument_refusesARejection_whenTheDeliveryIsDelivered() throws {
        let client = TwinPushTestClient(fake: PushFake())
        let ios = client.registerIOS(token: "token-1")
        _ = client.notify(#"{"devices_ids":["\#(ios)"],"alert":"Hi"}"#)
        var snapshot = try XCTUnwrap(client.fake.stateSnapshot().objectValue)
        var delivery = try XCTUnwrap(snapshot["deliveries"]?[0]?.objectValue)
        delivery["status"] = "delivered"
        delivery["reason"] = nil
        snapshot["deliveries"] = [.object(delivery)]
        XCTAssertThrowsError(try PushFake().loadState(.object(snapshot))) { error in
            XCTAssertTrue(
                "\(error)".contains("deliveries[0].problems[0]: is a rejection, but the delivery is delivered"),
                "\(error)")
        }
    }
}
