import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Target resolution and badge arithmetic (TwinPushWireProtocol.md §5.3, §9; FakeBehaviour.md).
final class TwinPushTargetingTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())

    func test_updateBadge_appliesEachForm_whenSentAsNumberStringOrDelta() {
        // GIVEN a device
        let id = client.registerIOS()
        var badges: [Int] = []
        // WHEN the badge is set with each documented form
        for body in [
            #"{"badge":4}"#, #"{"badge":"7"}"#, #"{"badge":"+3"}"#, #"{"badge":"-2"}"#, #"{"badge":"-20"}"#,
            #"{"badge":-1}"#,
        ] {
            XCTAssertEqual(client.send("POST", client.devicePath(id, "/update_badge"), body).status, 200)
            badges.append(client.send("GET", client.devicePath(id, "/badge")).json["badge"]?.intValue ?? -99)
        }
        // THEN the results follow, clamped at 0
        XCTAssertEqual(badges, [4, 7, 10, 8, 0, 0])
    }

    func test_createBadge_raisesSetsOrLowersEachDevicesBadge_whenSentWithTheNotification() {
        // GIVEN a device
        let id = client.registerIOS()
        // WHEN notifications come with the default "+1", then "+1" again, then "5", then "-9"
        _ = client.notify(#"{"broadcast":true,"alert":"a"}"#)
        _ = client.notify(#"{"broadcast":true,"alert":"b","badge":"+1"}"#)
        _ = client.notify(#"{"broadcast":true,"alert":"c","badge":5}"#)
        _ = client.notify(#"{"broadcast":true,"alert":"d","badge":"-9"}"#)
        // THEN each payload carries the badge as it stood after that notification
        XCTAssertEqual(client.fake.deliveries(to: id).map { $0.payloadJSON?["aps"]?["badge"] }, [1, 2, 5, 0])
        XCTAssertEqual(
            client.send("GET", client.path("/notifications/\(client.fake.deliveries(to: id)[2].notificationID)")).json[
                "badge"], "5")
    }

    func test_targetProperties_reachMatchingDevices_whenEnumAndEnumListPropertiesMatch() {
        // GIVEN three devices with enum / enum_list / string properties
        let rock = client.registerIOS(udid: "a")
        let blues = client.registerIOS(udid: "b")
        let plain = client.registerIOS(udid: "c")
        client.send(
            "POST", client.devicePath(rock, "/set_custom_property"), #"{"name":"genre","type":"enum","value":"Rock"}"#)
        client.send(
            "POST", client.devicePath(blues, "/set_custom_property"),
            #"{"name":"genre","type":"enum_list","value":["Jazz","Blues"]}"#)
        client.send(
            "POST", client.devicePath(plain, "/set_custom_property"),
            #"{"name":"genre","type":"string","value":"Rock"}"#)
        // WHEN a notification targets genre Rock or Blues
        let nid = client.notify(#"{"alert":"x","target_properties":{"genre":["Rock","Blues"]},"segments":["ignored"]}"#)
        // THEN the enum and enum_list devices get it, the plain string property does not count
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid).map(\.deviceID), [rock, blues])
    }

    func test_segments_reachNoDevice_whenTheyAreTheOnlyTarget() throws {
        // GIVEN a device
        client.registerIOS()
        // WHEN a notification targets segments
        let nid = client.notify(#"{"alert":"x","segments":["vip"]}"#)
        // THEN it is created and sent to nobody, and the journal says why
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid), [])
        let entry = try XCTUnwrap(client.fake.entries(matching: .twinPush(.createNotification)).last)
        XCTAssertTrue(entry.notes.contains { $0.contains("segments are not modelled") }, "\(entry.notes)")
    }

    func test_devicesIDs_skipUnknownIDs_whenSomeAreNotDevicesOfTheApp() {
        // GIVEN a device of this app and one of another app
        let mine = client.registerIOS()
        var other = client
        other.app = "otherapp00000000"
        let theirs = other.registerIOS()
        // WHEN a notification lists both and an unknown id
        let nid = client.notify(#"{"alert":"x","devices_ids":["\#(mine)","\#(theirs)","1000000000000099"]}"#)
        // THEN only the app's own device gets it
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid).map(\.deviceID), [mine])
    }

    func test_inbox_isFilledOncePerAlias_whenTheAliasHasSeveralDevices() {
        // GIVEN a user with a phone and a tablet, and a device without alias
        let phone = client.registerIOS(udid: "phone", alias: "ana")
        let tablet = client.registerAndroid(udid: "tablet", alias: "ana", token: nil)
        client.registerIOS(udid: "anon")
        // WHEN an inbox notification is broadcast
        let nid = client.notify(#"{"broadcast":true,"alert":"x","inbox":true}"#)
        // THEN ana's inbox holds it once, seen from both devices, and the tokenless tablet got no push
        XCTAssertEqual(
            client.fake.twinPushInbox(alias: "ana", app: TwinPushTestClient.app).map(\.notificationID), [nid])
        XCTAssertEqual(client.send("GET", client.devicePath(tablet, "/inbox_summary")).json["total_count"], 1)
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid).map(\.deviceID).contains(phone), true)
        XCTAssertEqual(client.fake.deliveries(to: tablet), [])
        // AND opening it from the tablet (no delivery, inbox only) marks the inbox item and counts one opening
        XCTAssertEqual(
            client.send("POST", client.devicePath(tablet, "/notifications/\(nid)/open_notification"), "{}").status, 200)
        XCTAssertEqual(client.send("GET", client.devicePath(phone, "/inbox_summary")).json["unopened_count"], 0)
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.openingCount, 1)
    }
}
