import PushFakeCore
import PushFakeTestSupport
import XCTest

/// TwinPush's "Notifications" page (TwinPush/api-docs at b4b5d47), "create": the limits and defaults its parameter
/// tables state. Each limit is accepted at its value and refused one above with 422 `NotificationNotCreated`.
final class NotificationLimitsDocumentedTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())

    private func assertLimit(
        _ name: String, at accepted: String, above refused: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let ok = client.create(accepted)
        XCTAssertEqual(ok.status, 200, "\(name) at its limit: \(ok.text)", file: file, line: line)
        let over = client.create(refused)
        assertTwinPushError(over, 422, "NotificationNotCreated", file: file, line: line)
        XCTAssertTrue(
            over.json["errors"]?["message"]?.stringValue?.contains(name) ?? false, over.text, file: file, line: line)
    }

    /// "Notification params": `alert`, `title` and `url` are limited to 255 characters.
    func test_textParameters_areLimitedTo255Characters() {
        for name in ["alert", "title", "url"] {
            let text = { (count: Int) in String(repeating: "é", count: count) }
            let extra = name == "alert" ? "" : #","alert":"x""#
            assertLimit(
                name, at: #"{"broadcast":true,"\#(name)":"\#(text(255))"\#(extra)}"#,
                above: #"{"broadcast":true,"\#(name)":"\#(text(256))"\#(extra)}"#)
        }
        // the same limits hold for a multiple target's own alert, title and url
        for name in ["alert", "title", "url"] {
            let reply = client.create(
                #"{"alert":"x","multiple_alias":{"ana":{"\#(name)":"\#(String(repeating: "a", count: 256))"}}}"#)
            assertTwinPushError(reply, 422, "NotificationNotCreated")
        }
    }

    /// "Notification params": `custom_properties` is limited to 255 characters once serialized to JSON.
    func test_customProperties_areLimitedTo255CharactersOfJSON() {
        // {"k":"…"} is 8 characters around the value
        let value = { (count: Int) in String(repeating: "v", count: count) }
        assertLimit(
            "custom_properties", at: #"{"broadcast":true,"alert":"x","custom_properties":{"k":"\#(value(247))"}}"#,
            above: #"{"broadcast":true,"alert":"x","custom_properties":{"k":"\#(value(248))"}}"#)
    }

    /// "Target parameters": at most 1,000 device ids, aliases and multiple-target entries, 50 segments and 5
    /// target properties.
    func test_targets_areLimitedAsTheTablesSay() {
        func list(_ count: Int) -> String { (1...count).map { "\"t\($0)\"" }.joined(separator: ",") }
        func map(_ count: Int, _ value: String) -> String {
            (1...count).map { "\"t\($0)\":\(value)" }.joined(separator: ",")
        }
        for name in ["devices_ids", "devices_aliases"] {
            assertLimit(
                name, at: #"{"alert":"x","\#(name)":[\#(list(1000))]}"#,
                above: #"{"alert":"x","\#(name)":[\#(list(1001))]}"#)
        }
        for name in ["multiple_devices", "multiple_alias"] {
            assertLimit(
                name, at: #"{"alert":"x","\#(name)":{\#(map(1000, "{}"))}}"#,
                above: #"{"alert":"x","\#(name)":{\#(map(1001, "{}"))}}"#)
        }
        assertLimit(
            "segments", at: #"{"alert":"x","segments":[\#(list(50))]}"#,
            above: #"{"alert":"x","segments":[\#(list(51))]}"#)
        assertLimit(
            "target_properties", at: #"{"alert":"x","target_properties":{\#(map(5, #"["a"]"#))}}"#,
            above: #"{"alert":"x","target_properties":{\#(map(6, #"["a"]"#))}}"#)
        assertLimit(
            "segments", at: #"{"alert":"x","target_properties":{"k":["a"]},"segments":[\#(list(50))]}"#,
            above: #"{"alert":"x","target_properties":{"k":["a"]},"segments":[\#(list(51))]}"#)
    }

    /// "Notification params": `alert` is mandatory, `badge` defaults to `+1`, `delivery_speed` to `normal` and
    /// takes the four documented values, `send_since` `null` means now.
    func test_defaultsAndValues_areTheDocumentedOnes() throws {
        assertTwinPushError(client.create(#"{"broadcast":true}"#), 422, "NotificationNotCreated")
        let object = try XCTUnwrap(
            client.create(#"{"broadcast":true,"alert":"x","send_since":null}"#).json["objects"]?[0])
        XCTAssertEqual(object["badge"], "+1")
        XCTAssertEqual(object["delivery_speed"], "normal")
        XCTAssertEqual(object["send_since"], "2026-01-01 00:00:00 UTC")
        for speed in ["instant", "fast", "normal", "slow"] {
            XCTAssertEqual(client.create(#"{"broadcast":true,"alert":"x","delivery_speed":"\#(speed)"}"#).status, 200)
        }
        assertTwinPushError(
            client.create(#"{"broadcast":true,"alert":"x","delivery_speed":"warp"}"#), 422, "NotificationNotCreated")
    }

    /// "Payload limit": TwinPush trims the alert when the payload would exceed the push service's limit; when even
    /// no alert would fit, the delivery fails (FakeBehaviour.md, Payload limits).
    func test_payloadLimit_trimsTheAlert_whenThePayloadWouldNotFit() throws {
        let ios = client.registerIOS(udid: "i")
        let android = client.registerAndroid(udid: "a")
        // GIVEN a 255-character alert of 4-byte characters, a long sound (iOS) and a long tag (Android)
        let alert = String(repeating: "😀", count: 255)
        let filler = String(repeating: "f", count: 3400)
        let nid = client.notify(#"{"broadcast":true,"alert":"\#(alert)","sound":"\#(filler)","tags":["\#(filler)"]}"#)
        // THEN both are delivered, at most at the limit, with the alert cut short and a note saying so
        for (device, limit, alertOf) in [
            (ios, 4096, { (payload: JSON) in payload["aps"]?["alert"]?.stringValue }),
            // FCM's documented maximum (DeliveryChecks.md); TwinPush trims to the JSON's size, never less than the
            // keys and values FCM counts.
            (android, 4096, { (payload: JSON) in payload["message"]?.stringValue }),
        ] {
            let delivery = try XCTUnwrap(client.fake.deliveries(to: device).first)
            XCTAssertEqual(delivery.status, .delivered)
            XCTAssertLessThanOrEqual(delivery.payload.count, limit)
            XCTAssertGreaterThan(delivery.payload.count, limit - 4, "one more character would not fit")
            let sent = try XCTUnwrap(delivery.payloadJSON.flatMap(alertOf))
            XCTAssertTrue(alert.hasPrefix(sent) && sent.count < 255 && !sent.isEmpty, "\(sent.count)")
            let untrimmed = delivery.payload.count + 4 * (255 - sent.unicodeScalars.count)
            XCTAssertEqual(
                delivery.notes,
                [
                    "alert trimmed from 255 to \(sent.unicodeScalars.count) characters to fit the \(limit)-byte limit "
                        + "(\(untrimmed) bytes untrimmed)"
                ])
        }
        XCTAssertEqual(client.backend("GET", client.path("/notifications/\(nid)/report")).json["delivery_count"], 2)
        // AND a payload too large without any alert fails
        let hopeless = client.notify(
            #"{"devices_ids":["\#(ios)"],"alert":"x","sound":"\#(String(repeating: "s", count: 4100))"}"#)
        XCTAssertEqual(client.fake.deliveries(to: ios).last?.status, .failed(reason: "PayloadTooLarge"))
        XCTAssertEqual(
            client.backend("GET", client.path("/notifications/\(hopeless)/report")).json["delivery_count"], 0)
    }

    /// "Notification params", `tags`: an array of strings; a lone string is read as a one-element list
    /// (FakeBehaviour.md), as are the target lists.
    func test_listParameters_takeALoneStringAsOneElement() throws {
        let id = client.registerIOS(alias: "john")
        let tagged = try XCTUnwrap(
            client.create(#"{"devices_aliases":"john","alert":"x","tags":"news"}"#).json["objects"]?[0])
        XCTAssertEqual(tagged["tags"], ["news"])
        XCTAssertEqual(client.fake.deliveries(to: id).count, 1)
        XCTAssertEqual(client.create(#"{"devices_ids":"\#(id)","alert":"x"}"#).status, 200)
        XCTAssertEqual(client.fake.deliveries(to: id).count, 2)
    }
}
