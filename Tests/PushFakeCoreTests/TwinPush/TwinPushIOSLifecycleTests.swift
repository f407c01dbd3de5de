import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A full iOS SDK 4.0.0 session, call by call as TwinPushWireProtocol.md §5 and §8 describe it.
final class TwinPushIOSLifecycleTests: XCTestCase {
    func test_iosSession_runsWithoutErrors_whenEveryCallIsSentAsTheSDKSendsIt() throws {
        // GIVEN a fake with a declared app and an iOS device registering with its field set and headers
        let client = TwinPushTestClient.strict()
        let ios = TwinPushTestClient.iosHeaders
        var headers = ios
        headers.add(name: "X-TwinPush-REST-API-Token", value: TwinPushTestClient.apiToken)
        let register = client.send(
            "POST", client.path("/devices/register"),
            #"{"udid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","platform":"ios","push_token":"5C1D2A3B","#
                + #""alias_device":"ana","app_version":"1.0","sdk_version":"4.0.0","os_version":"13.3","#
                + #""os_name":"iOS","language":"en_US","device_manufacturer":"Apple","device_model":"iPhone","#
                + #""device_code":"iPhone12,1"}"#,
            headers: headers)
        XCTAssertEqual(register.status, 200, register.text)
        let device = try XCTUnwrap(register.json["objects"]?[0])
        XCTAssertEqual(device["id"], "1000000000000001")
        XCTAssertEqual(device["alias_device"], "ana")
        XCTAssertEqual(device["push_token"], "5C1D2A3B")
        XCTAssertEqual(device["created_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(device["last_registered_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(device["type"], "Device")
        XCTAssertEqual(register.json["references"], [])
        let id = "1000000000000001"

        // WHEN the app becomes active: update_badge "0" (a string), then open_app with integer seconds
        XCTAssertEqual(
            client.send("POST", client.devicePath(id, "/update_badge"), #"{"badge":"0"}"#, headers: ios).text, "{}")
        let openApp = client.send("POST", client.devicePath(id, "/open_app"), #"{"open_at":1583161234}"#, headers: ios)
        XCTAssertEqual(openApp.status, 200)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.appOpenedAt, client.fake.now)

        // AND a rich notification reaches the device and its alias inbox; the user taps it
        let nid = client.notify(
            #"{"devices_ids":["\#(id)"],"alert":"Sale","title":"Shop","url":"https://x.test/r","tags":["news"],"#
                + #""inbox":true}"#)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.badge, 1)
        let open = client.send(
            "POST", client.devicePath(id, "/notifications/\(nid)/open_notification"), #"{"open_at":"978307200"}"#,
            headers: ios)
        XCTAssertEqual(open.status, 200, open.text)
        XCTAssertEqual(
            client.send("POST", client.devicePath(id, "/close_app"), #"{"closed_at":1583161300}"#, headers: ios).status,
            200)

        // AND the app sets each property type, deletes one with null, then clears them all
        for (type, value) in [
            ("string", #""Madrid""#), ("boolean", "true"), ("integer", "43"), ("float", "25.5"), ("enum", #""VIP""#),
            ("enum_list", #"["Rock","Blues"]"#),
        ] {
            let reply = client.send(
                "POST", client.devicePath(id, "/set_custom_property"),
                #"{"name":"p_\#(type)","type":"\#(type)","value":\#(value)}"#, headers: ios)
            XCTAssertEqual(reply.status, 200, "\(type): \(reply.text)")
        }
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.customProperties.count, 6)
        client.send(
            "POST", client.devicePath(id, "/set_custom_property"), #"{"name":"p_string","type":"string","value":null}"#,
            headers: ios)
        XCTAssertNil(client.fake.twinPushDevice(id: id)?.customProperty("p_string"))
        XCTAssertEqual(
            client.send("DELETE", client.devicePath(id, "/clear_custom_properties"), headers: ios).status, 200)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.customProperties, [])

        // AND reads its device inbox, alias inbox (raw brackets), summary and detail, then deletes the item
        let search = client.send(
            "POST", client.devicePath(id, "/search_notifications"), #"{"tags":["tp_rich"],"per_page":"10","page":"1"}"#,
            headers: ios)
        XCTAssertEqual(search.json["objects"]?[0]?["id"]?.stringValue, nid)
        XCTAssertEqual(search.json["objects"]?[0]?["tags"], ["news", "tp_rich"])
        let inbox = client.send("GET", client.devicePath(id, "/inbox?per_page=10&page=1&tags[]=news"), headers: ios)
        XCTAssertEqual(inbox.json["objects"]?[0]?["notification"]?["id"]?.stringValue, nid)
        XCTAssertEqual(inbox.json["objects"]?[0]?["open_at"], "2026-01-01 00:00:00 UTC")
        let summary = client.send("GET", client.devicePath(id, "/inbox_summary"), headers: ios)
        XCTAssertEqual(summary.json, ["total_count": 1, "unopened_count": 0])
        let detail = client.send("GET", client.devicePath(id, "/notifications/\(nid)"), headers: ios)
        XCTAssertEqual(detail.json["id"]?.stringValue, nid)
        XCTAssertEqual(detail.json["alert"], "Sale")
        XCTAssertEqual(detail.json["objects"]?[0]?["id"]?.stringValue, nid)
        XCTAssertEqual(client.send("DELETE", client.devicePath(id, "/notifications/\(nid)"), headers: ios).status, 200)

        // THEN the inbox is empty, the open reached the delivery and the report, and no call failed
        let after = client.send("GET", client.devicePath(id, "/inbox_summary"), headers: ios)
        XCTAssertEqual(after.json, ["total_count": 0, "unopened_count": 0])
        XCTAssertEqual(client.fake.deliveries(to: id, vendor: .twinPush).first?.openedAt, client.fake.now)
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.openingCount, 1)
        XCTAssertEqual(client.fake.entries(matching: .twinPush().status(200)).count, client.fake.journal.count)
    }

    func test_iosDeviceInbox_staysEmpty_whenTheOnlyTagFilterIsRichAndNothingIsRich() {
        // GIVEN a device that got a plain notification
        let client = TwinPushTestClient(fake: PushFake())
        let id = client.registerIOS(alias: "ana")
        _ = client.notify(#"{"devices_ids":["\#(id)"],"alert":"Plain"}"#)
        // WHEN the device inbox asks for rich notifications only (iOS "only rich")
        let reply = client.send("POST", client.devicePath(id, "/search_notifications"), #"{"tags":["tp_rich"]}"#)
        // THEN nothing matches, with a 200 and the pagination envelope
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.json["objects"], [])
        XCTAssertEqual(reply.json["total_entries"], 0)
    }

    func test_iosSetup_reregistersTheSameDevice_whenRegisterIsSentOnEveryLaunch() {
        // GIVEN an iOS device registered once without a token (setup runs before APNs answers)
        let client = TwinPushTestClient(fake: PushFake())
        let first = client.registerIOS(token: nil)
        XCTAssertEqual(client.fake.twinPushDevice(id: first)?.isActive, false)
        // WHEN the token arrives and iOS registers again with the same udid
        let second = client.registerIOS(token: "ABCD")
        // THEN it is the same device, now active with the token
        XCTAssertEqual(first, second)
        XCTAssertEqual(client.fake.twinPushDevices(app: TwinPushTestClient.app).count, 1)
        XCTAssertEqual(client.fake.twinPushDevice(id: first)?.pushToken, "ABCD")
    }
}
