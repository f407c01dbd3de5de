import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// The dashboard's phone drawing (devices.js, docs/dashboard.md) run in Node.js on real TwinPush deliveries and the
/// cards of `GET /__pushfake/vendors`: the rich URL, the Android channel and the silent tag are read with the keys
/// the delivery's vendor's card names in its `phone` part (VendorCard+Phone.swift), never with keys of its own.
/// Skipped, with a message saying so, when `node` is not on the PATH (DashboardScript).
final class DevicesModelTests: ServerTestCase {
    /// Loads devices.js (its model functions need no browser until they draw) and prints `pushModel` of each
    /// `[delivery, phone]` of stdin's `cases`.
    private static let driver = #"""
        const fs = require("fs"), vm = require("vm");
        const input = JSON.parse(fs.readFileSync(0, "utf8"));
        const model = vm.runInThisContext(fs.readFileSync(process.argv[1], "utf8") + "\n;pushModel");
        const drawn = input.cases.map(([delivery, phone]) => {
          const view = model(delivery, phone);
          return { kind: view.kind, attachment: view.attachment ?? null, rich: view.rich ?? null,
            channel: view.channel ?? null, silent: view.silent };
        });
        console.log(JSON.stringify(drawn));
        """#

    /// `[kind, attachment, rich, channel, silent]` of each delivery drawn with its phone part.
    private func draw(_ cases: [(delivery: JSON, phone: JSON)]) throws -> [[JSON]] {
        let node = try DashboardScript.node(for: "devices.js")
        let input: JSON = ["cases": .array(cases.map { .array([$0.delivery, $0.phone]) })]
        let drawn = try DashboardScript.run(node, Self.driver, script: "devices.js", input: input)
        return try XCTUnwrap(drawn.arrayValue).map { view in
            ["kind", "attachment", "rich", "channel", "silent"].map { view[$0] ?? "missing" }
        }
    }

    /// A TwinPush notification with a rich URL, a `tp_channel_id` custom property and the `tp_silent` tag, to an iOS
    /// and an Android device: their deliveries, iOS first.
    private func twinPushDeliveries() throws -> [JSON] {
        let client = try LoopbackHTTPClient(port: port)
        let app = "/api/v2/apps/phoneapp"
        for (alias, platform, token) in [
            ("p1", "ios", String(repeating: "ab", count: 32)),
            ("p2", "android", "fcm-" + String(repeating: "A1b2_C3d4:", count: 14)),
        ] {
            let body =
                #"{"udid":"UDID-\#(alias)","platform":"\#(platform)","push_token":"\#(token)","alias_device":"\#(alias)"}"#
            XCTAssertEqual(client.request("POST", app + "/devices/register", body: body)?.status, 200)
        }
        let notification =
            #"{"alert":"Sale","broadcast":true,"url":"https://x.test/r","#
            + #""custom_properties":{"tp_channel_id":"offers"},"tags":["tp_silent"]}"#
        XCTAssertEqual(client.request("POST", app + "/notifications", body: notification)?.status, 200)
        let deliveries = try XCTUnwrap(client.request("GET", "/__pushfake/deliveries")?.json?["deliveries"]?.arrayValue)
        XCTAssertEqual(deliveries.map { $0["platform"] }, ["ios", "android"])
        return deliveries
    }

    /// TwinPush's card names its keys: the rich URL is the iOS attachment and the Android rich URL, the channel
    /// comes from `custom`, the silent tag from `tags`; without a phone part none of them is drawn.
    func test_pushModel_readsTwinPushsKeys_fromItsCard() throws {
        // The skip is thrown here, not inside an assertion's expression (where XCTest records it as an error).
        _ = try DashboardScript.node(for: "devices.js")
        let deliveries = try twinPushDeliveries()
        let vendors = try XCTUnwrap(
            LoopbackHTTPClient(port: port).request("GET", "/__pushfake/vendors")?.json?["vendors"]?.arrayValue)
        let phone = try XCTUnwrap(vendors.first { $0["name"] == "twinPush" }?["card"]?["phone"])
        XCTAssertEqual(
            try draw(deliveries.map { ($0, phone) }),
            [
                ["ios", "https://x.test/r", .null, .null, false],
                ["android", .null, "https://x.test/r", "offers", true],
            ])
        XCTAssertEqual(
            try draw(deliveries.map { ($0, .null) }),
            [["ios", .null, .null, .null, false], ["android", .null, .null, .null, false]],
            "nothing of TwinPush's is read without its card's phone part")
    }

    /// Keys of another vendor's card are followed: its rich URL, its channel inside its own JSON-text member or
    /// at the top level of the data, its silent tag among its own tags; TwinPush's keys then mean nothing.
    func test_pushModel_followsOtherKeyNames_fromTheCard() throws {
        _ = try DashboardScript.node(for: "devices.js")
        let other: JSON = [
            "richURL": "media", "channel": "ch", "channelIn": "extra", "silentTag": "quiet", "tagsIn": "labels",
        ]
        let ios: JSON = ["platform": "ios", "payload": ["aps": ["alert": "Hi"], "media": "https://m.test/a"]]
        let android: JSON = [
            "platform": "android",
            "payload": [
                "message": "Hi", "media": "https://m.test/a", "extra": #"{"ch":"news"}"#, "labels": #"["quiet"]"#,
            ],
        ]
        let topLevel: JSON = ["channel": "ch", "channelIn": .null, "silentTag": "quiet", "tagsIn": "labels"]
        let plain: JSON = ["platform": "android", "payload": ["message": "Hi", "ch": "alerts", "labels": "[]"]]
        XCTAssertEqual(
            try draw([(ios, other), (android, other), (plain, topLevel)] + twinPushDeliveries().map { ($0, other) }),
            [
                ["ios", "https://m.test/a", .null, .null, false],
                ["android", .null, "https://m.test/a", "news", true],
                ["android", .null, .null, "alerts", false],
                ["ios", .null, .null, .null, false],
                ["android", .null, .null, .null, false],
            ])
    }
}
