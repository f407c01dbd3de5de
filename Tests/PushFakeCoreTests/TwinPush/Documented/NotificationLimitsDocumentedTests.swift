import PushFakeCore
import XCTest

/// TwinPush's `notifications.md` (TwinPush/api-docs at b4b5d47), "create": the limits and defaults its parameter
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
