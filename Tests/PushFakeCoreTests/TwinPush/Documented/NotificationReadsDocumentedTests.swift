import PushFakeCore
import PushFakeTestSupport
import XCTest

/// TwinPush's "Notifications" page (TwinPush/api-docs at b4b5d47): "report", "deliveries", "inbox" and "inbox
/// summary", from the documents' own examples.
final class NotificationReadsDocumentedTests: XCTestCase {
    private let client = TwinPushTestClient.strict()

    /// "report": status, the three counts, errors and the notification's basic info, with the API token.
    func test_report_answersStatusCountsErrorsAndTheNotification() throws {
        let ios = client.registerIOS(udid: "a")
        client.registerAndroid(udid: "b")
        let nid = client.notify(
            #"{"broadcast":true,"title":"Welcome to TwinPush","alert":"Welcome to the Push notification platform TwinPush","#
                + #""url":"http://goo.gl/kf7bgq","tags":["vip-inbox"]}"#)
        client.send("POST", client.devicePath(ios, "/notifications/\(nid)/received_notification"))
        client.send("POST", client.devicePath(ios, "/notifications/\(nid)/open_notification"))
        let report = client.backend("GET", client.path("/notifications/\(nid)/report"))
        XCTAssertEqual(report.status, 200, report.text)
        XCTAssertEqual(report.json["status"], "sent")
        XCTAssertEqual(report.json["delivery_count"], 2)
        XCTAssertEqual(report.json["received_count"], 1)
        XCTAssertEqual(report.json["opening_count"], 1)
        XCTAssertEqual(report.json["errors"], [])
        let notification = try XCTUnwrap(report.json["notification"])
        XCTAssertEqual(notification["title"], "Welcome to TwinPush")
        XCTAssertEqual(notification["badge"], "+1")
        XCTAssertEqual(notification["tags"], ["vip-inbox", "tp_rich"])
        XCTAssertEqual(notification["tp_rich_url"], "http://goo.gl/kf7bgq")
        XCTAssertEqual(notification["id"]?.stringValue, nid)
        assertTwinPushError(client.send("GET", client.path("/notifications/\(nid)/report")), 403, "InvalidToken")
    }

    /// "report", `errors`: each with platform, level (critical, error or warning), key, message and created_at.
    func test_report_listsDeliveryErrors_withTheDocumentedFields() throws {
        let id = client.registerIOS()
        let nid = client.notify(
            #"{"devices_ids":["\#(id)"],"alert":"x","sound":"\#(String(repeating: "s", count: 4100))"}"#)
        let error = try XCTUnwrap(client.backend("GET", client.path("/notifications/\(nid)/report")).json["errors"]?[0])
        XCTAssertEqual(error.objectValue?.keys.sorted(), ["created_at", "key", "level", "message", "platform"])
        XCTAssertEqual(error["platform"], "ios")
        XCTAssertTrue(["critical", "error", "warning"].contains(error["level"]?.stringValue ?? ""))
        XCTAssertEqual(error["created_at"], "2026-01-01 00:00:00 UTC")
    }

    /// "deliveries": paginated `{id, created_at, received_at, open_at, device}`; the documents say GET in the
    /// heading and POST in the path, so both answer.
    func test_deliveries_answerThePaginatedDeliveries_onGETAndPOST() throws {
        let ios = client.registerIOS(udid: "a", alias: "user@mail.com")
        client.registerAndroid(udid: "b")
        let nid = client.notify(#"{"broadcast":true,"alert":"x"}"#)
        client.fake.advanceClock(by: 86)
        client.send("POST", client.devicePath(ios, "/notifications/\(nid)/received_notification"))
        for method in ["GET", "POST"] {
            let reply = client.backend(method, client.path("/notifications/\(nid)/deliveries"))
            XCTAssertEqual(reply.status, 200, "\(method) \(reply.text)")
            XCTAssertEqual(reply.json["total_entries"], 2, method)
            XCTAssertEqual(reply.json["per_page"], 30, method)
            let first = try XCTUnwrap(reply.json["objects"]?[0])
            XCTAssertNotNil(first["id"]?.intValue, method)
            XCTAssertEqual(first["created_at"], "2026-01-01 00:00:00 UTC", method)
            XCTAssertEqual(first["received_at"], "2026-01-01 00:01:26 UTC", method)
            XCTAssertEqual(first["open_at"], .null, method)
            XCTAssertEqual(first["device"]?["alias_device"], "user@mail.com", method)
            XCTAssertEqual(first["device"]?["type"], "Device", method)
        }
        let paged = client.backend("GET", client.path("/notifications/\(nid)/deliveries?page=2&per_page=1"))
        XCTAssertEqual(paged.json["objects"]?.arrayValue?.count, 1)
        XCTAssertEqual(paged.json["total_pages"], 2)
    }

    /// "inbox": the example request's `tags[]` query; items wrap the notification with the delivery times.
    func test_inbox_filtersByTheExampleTags_andWrapsTheNotification() throws {
        let id = client.registerIOS(alias: "ana")
        let both = client.notify(#"{"devices_aliases":["ana"],"alert":"a","inbox":true,"tags":["alerts","critical"]}"#)
        _ = client.notify(#"{"devices_aliases":["ana"],"alert":"b","inbox":true,"tags":["alerts"]}"#)
        _ = client.notify(#"{"devices_aliases":["ana"],"alert":"c","inbox":true,"tags":["alerts","main_inbox"]}"#)
        let reply = client.send("GET", client.devicePath(id, "/inbox?tags[]=alerts&tags[]=critical"))
        XCTAssertEqual(reply.status, 200, reply.text)
        let item = try XCTUnwrap(reply.json["objects"]?[0])
        XCTAssertEqual(reply.json["objects"]?.arrayValue?.count, 1)
        XCTAssertEqual(item["notification"]?["id"]?.stringValue, both)
        XCTAssertEqual(item["notification"]?["type"], "Notification")
        XCTAssertEqual(item["created_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(item["received_at"], .null)
        XCTAssertEqual(item["open_at"], .null)
        XCTAssertEqual(item["id"]?.stringValue?.count, 16)
        let excluded = client.send("GET", client.devicePath(id, "/inbox?tags[]=alerts&no_tags[]=main_inbox"))
        XCTAssertEqual(excluded.json["objects"]?.arrayValue?.map { $0["notification"]?["alert"] }, ["b", "a"])
    }

    /// "inbox summary": the alias inbox's total and unopened counts.
    func test_inboxSummary_countsTotalAndUnopened() {
        let phone = client.registerIOS(udid: "p", alias: "ana")
        let tablet = client.registerAndroid(udid: "t", alias: "ana")
        let first = client.notify(#"{"devices_aliases":["ana"],"alert":"a","inbox":true}"#)
        _ = client.notify(#"{"devices_aliases":["ana"],"alert":"b","inbox":true}"#)
        _ = client.notify(#"{"devices_aliases":["ana"],"alert":"c","inbox":true}"#)
        client.send("POST", client.devicePath(phone, "/notifications/\(first)/open_notification"))
        XCTAssertEqual(
            client.send("GET", client.devicePath(tablet, "/inbox_summary")).json,
            ["total_count": 3, "unopened_count": 2])
    }
}
