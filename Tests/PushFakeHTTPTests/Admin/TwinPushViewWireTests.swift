import PushFakeTestSupport
import XCTest

@testable import PushFakeCore
@testable import PushFakeHTTP

/// TwinPush's admin views are ``WireType``s: a device is the API's Device object, a notification `app_id` plus its
/// report. Each reads back to the same bytes and to the value it shows, its component in `openapi.json` accepts it,
/// and it is byte for byte what the vendor's own answers (`TwinPushWire`) write.
final class TwinPushViewWireTests: XCTestCase {
    private let wire = WireViewCheck()
    private let start = FakeClock.defaultEpoch

    /// A device with every field set, custom properties of the six types.
    private func fullDevice() -> TwinPush.Device {
        var device = TwinPush.Device(
            id: "1000000000000001", appID: "appA", udid: "U-1", platform: "android", now: start)
        device.pushToken = "tok\"en"
        device.alias = "ana"
        device.language = "es_ES"
        device.deviceCode = "SM-G960F"
        device.deviceModel = "Galaxy S9"
        device.deviceManufacturer = "samsung"
        device.appVersion = "1.2"
        device.sdkVersion = "3.8.5"
        device.osVersion = "10"
        device.osName = "Android"
        device.osVersionCode = 29
        device.badge = 4
        device.customProperties = [
            TwinPush.CustomProperty(name: "s", type: .string, value: "x"),
            TwinPush.CustomProperty(name: "b", type: .boolean, value: true),
            TwinPush.CustomProperty(name: "i", type: .integer, value: -3),
            TwinPush.CustomProperty(name: "f", type: .float, value: 2.5),
            TwinPush.CustomProperty(name: "e", type: .enumeration, value: "gold"),
            TwinPush.CustomProperty(name: "l", type: .enumerationList, value: ["a", "b"]),
        ]
        device.location = TwinPush.Location(latitude: 40.4, longitude: -3.7, reportedAt: start + 60)
        device.updatedAt = start + 120
        device.lastRegisteredAt = start + 60
        device.registrationUpdatedAt = start + 90
        device.appOpenedAt = start + 100
        device.appClosedAt = start + 110
        return device
    }

    func test_device_readsBackToWhatItShows_andIsTheVendorsDeviceObject() throws {
        let bare = TwinPush.Device(id: "1000000000000002", appID: "appB", udid: "", platform: "ios", now: start)
        for device in [fullDevice(), bare] {
            let read = try wire.assertRoundTrip(device, named: "TwinPushDevice")
            // What the Device object does not show reads back empty.
            var shown = device
            shown.udid = ""
            shown.osName = nil
            shown.osVersionCode = nil
            shown.badge = 0
            shown.location = nil
            shown.appOpenedAt = nil
            shown.appClosedAt = nil
            XCTAssertEqual(read, shown)
            XCTAssertEqual(device.wireBytes, TwinPushWire.device(device).serialized())
            XCTAssertEqual(device.wireBytes, device.jsonValue.serialized())
            XCTAssertEqual(TwinPushWire.registered(device), TwinPushWire.objects([device.wireJSON]).serialized())
        }
        XCTAssertEqual(
            fullDevice().wireJSON.objectValue?.keys,
            [
                "id", "push_token", "alias_device", "platform", "created_at", "updated_at", "last_registered_at",
                "registration_updated_at", "app_id", "language", "device_code", "device_model", "device_manufacturer",
                "app_version", "sdk_version", "os_version", "active", "custom_properties", "type",
            ])
    }

    func test_device_readerAndSchema_refuseTheSameBrokenForms() throws {
        guard case .object(let good) = fullDevice().wireJSON else { return XCTFail("not an object") }
        for (key, value) in [
            ("extra", JSON.int(1)), ("platform", "windows"), ("type", "Notification"), ("created_at", "yesterday"),
            ("active", "yes"), ("id", ""),
        ] {
            var broken = good
            broken[key] = value
            wire.assertRefused(.object(broken), as: TwinPush.Device.self, at: key, named: "TwinPushDevice")
        }
        let properties: [(JSON, String)] = [
            (["name": "i", "type": "integer", "value": "3"], "custom_properties[0].value"),
            (["name": "b", "type": "boolean", "value": 1], "custom_properties[0].value"),
            (["name": "x", "type": "date", "value": "x"], "custom_properties[0].type"),
            (["name": "", "type": "string", "value": "x"], "custom_properties[0].name"),
        ]
        for (property, path) in properties {
            var broken = good
            broken["custom_properties"] = [property]
            wire.assertRefused(.object(broken), as: TwinPush.Device.self, at: path, named: "TwinPushDevice")
        }
    }

    /// A sent notification with every field set (protected content, a rich URL, properties of several JSON types,
    /// an error), and a scheduled one with nothing optional.
    private func notifications() throws -> [TwinPushNotificationRecord] {
        let error = TwinPush.Notification.ReportError(
            platform: "ios", level: "error", key: "BadDeviceToken", message: "device 1000000000000001: bad token",
            createdAt: start + 30, deviceID: "1000000000000001")
        let sent = TwinPush.Notification(
            id: "2000000000000001", appID: "appA", name: "promo", alert: "Hi \"you\"", title: "T",
            url: "https://x.example/r", sound: "bell", badge: "+2", customProperties: ["n": 1, "b": true, "s": "x"],
            tags: ["t1"], groupName: "g", deliverySpeed: "fast", inbox: true, protectedContent: true,
            mutableContent: true, target: .devicesAliases(["ana"]), createdAt: start, sendSince: start + 30,
            status: .sent, lastSentAt: start + 30, deliveryCount: 2, receivedCount: 1, openingCount: 1,
            errors: [error])
        let scheduled = TwinPush.Notification(
            id: "2000000000000002", appID: "appB", name: nil, alert: "", title: nil, url: nil, sound: nil,
            badge: nil, customProperties: [:], tags: [], groupName: nil, deliverySpeed: "normal", inbox: false,
            protectedContent: false, mutableContent: false, target: .broadcast, createdAt: start,
            sendSince: start + 3600, status: .scheduled, lastSentAt: nil, deliveryCount: 0, receivedCount: 0,
            openingCount: 0, errors: [])
        return [
            TwinPushNotificationRecord(
                notification: sent, overrides: [:], badge: try XCTUnwrap(TwinPushBadge("+2"))),
            TwinPushNotificationRecord(notification: scheduled, overrides: [:], badge: nil),
        ]
    }

    func test_notification_readsBackToWhatItShows_andIsTheVendorsReportWithAppID() throws {
        let records = try notifications()
        for record in records {
            let notification = record.notification
            let read = try wire.assertRoundTrip(notification, named: "TwinPushNotification")
            // The admin view is `app_id`, then the report the vendor answers, protected content shown.
            var object: JSONObject = ["app_id": .string(notification.appID)]
            for member in TwinPushWire.report(record, forBackend: false).objectValue?.members ?? [] {
                object[member.key] = member.value
            }
            XCTAssertEqual(notification.wireBytes, JSON.object(object).serialized())
            // What the report does not show reads back as its stand-in.
            XCTAssertEqual(
                read,
                TwinPush.Notification(
                    id: notification.id, appID: notification.appID, name: notification.name,
                    alert: notification.alert, title: notification.title, url: notification.url,
                    sound: notification.sound, badge: notification.badge,
                    customProperties: TwinPushWire.stringValued(notification.customProperties),
                    tags: notification.restTags, groupName: notification.groupName,
                    deliverySpeed: notification.deliverySpeed, inbox: false,
                    protectedContent: notification.protectedContent, mutableContent: false, target: .broadcast,
                    createdAt: notification.sendSince, sendSince: notification.sendSince, status: notification.status,
                    lastSentAt: notification.lastSentAt, deliveryCount: notification.deliveryCount,
                    receivedCount: notification.receivedCount, openingCount: notification.openingCount,
                    errors: notification.errors.map {
                        TwinPush.Notification.ReportError(
                            platform: $0.platform, level: $0.level, key: $0.key, message: $0.message,
                            createdAt: $0.createdAt, deviceID: "")
                    }))
        }
        XCTAssertEqual(
            records[0].notification.wireJSON.serializedString(),
            #"{"app_id":"appA","status":"sent","delivery_count":2,"received_count":1,"opening_count":1,"#
                + #""errors":[{"platform":"ios","level":"error","key":"BadDeviceToken","#
                + #""message":"device 1000000000000001: bad token","created_at":"2026-01-01 00:00:30 UTC"}],"#
                + #""notification":{"id":"2000000000000001","name":"promo","sound":"bell","alert":"Hi \"you\"","#
                + #""title":"T","badge":"+2","custom_properties":{"n":"1","b":"true","s":"x"},"#
                + #""tp_rich_url":"https://x.example/r","delivery_speed":"fast","group_name":"g","#
                + #""protected_content":true,"send_since":"2026-01-01 00:00:30 UTC","#
                + #""last_sent_at":"2026-01-01 00:00:30 UTC","tags":["t1","tp_rich"],"type":"Notification"}}"#)
    }

    func test_notification_readerAndSchema_refuseTheSameBrokenForms() throws {
        guard case .object(let good) = try notifications()[0].notification.wireJSON else {
            return XCTFail("not an object")
        }
        for (key, value) in [
            ("extra", JSON.int(1)), ("status", "lost"), ("delivery_count", -1), ("errors", [["platform": "ios"]]),
        ] {
            var broken = good
            broken[key] = value
            let path = key == "errors" ? "errors[0].level" : key
            wire.assertRefused(.object(broken), as: TwinPush.Notification.self, at: path, named: "TwinPushNotification")
        }
        let object = try XCTUnwrap(good["notification"]?.objectValue)
        for (key, value) in [
            ("delivery_speed", JSON.string("warp")), ("custom_properties", ["n": 1]), ("title", nil),
            ("last_sent_at", "2026-01-01T00:00:30.000Z"), ("type", "Device"),
        ] {
            var brokenObject = object
            brokenObject[key] = value
            var broken = good
            broken["notification"] = .object(brokenObject)
            let path = "notification." + key + (key == "custom_properties" ? ".n" : "")
            XCTAssertFalse(
                wire.schema.problems(.object(broken), WireSchemas.ref("TwinPushNotification")).isEmpty, "\(key)")
            if key != "last_sent_at" {  // the reader takes every time form; the schema says what is written
                XCTAssertThrowsError(try TwinPush.Notification(wire: .object(broken)), key) { error in
                    XCTAssertEqual((error as? JSONFieldError)?.path, path, "\(error)")
                }
            }
        }
    }

    /// The views of a running fake: what the admin API lists is each vendor's own JSON, and `openapi.json`'s
    /// `DeviceViews` and `NotificationViews` describe TwinPush's precisely.
    func test_views_ofARunningFake_areTheDescribedForms() throws {
        let fake = PushFake()
        fake.send(
            "POST", "/api/v2/apps/appA/devices/register",
            json: #"{"udid":"U1","platform":"ios","push_token":"AB","alias_device":"ana","language":"en_US"}"#)
        fake.send("POST", "/api/v2/apps/appA/devices/register", json: #"{"udid":"U2","platform":"android"}"#)
        let device = try XCTUnwrap(fake.twinPushDevices(app: "appA").first)
        fake.send(
            "POST", "/api/v2/apps/appA/devices/\(device.id)/set_custom_property",
            json: #"{"name":"level","type":"enum_list","value":["gold"]}"#)
        fake.send(
            "POST", "/api/v2/apps/appA/notifications",
            json: #"{"broadcast":true,"alert":"Yo","url":"https://x.example","custom_properties":{"k":2}}"#)
        fake.send(
            "POST", "/api/v2/apps/appA/notifications",
            json: #"{"devices_aliases":["ana"],"alert":"Later","send_since":"2026-02-01 00:00:00 UTC"}"#)
        let devices = fake.twinPushDevices(app: "appA")
        let notifications = fake.twinPushNotifications(app: "appA")
        XCTAssertEqual(devices.count, 2)
        XCTAssertEqual(devices.first?.customProperties.count, 1)
        XCTAssertEqual(notifications.map(\.status), [.sent, .scheduled])
        for device in devices { try wire.assertRoundTrip(device, named: "TwinPushDevice") }
        for notification in notifications { try wire.assertRoundTrip(notification, named: "TwinPushNotification") }
        let snapshot = fake.snapshot()
        XCTAssertEqual(snapshot.view(.devices, of: .twinPush), .array(devices.map(\.wireJSON)))
        XCTAssertEqual(snapshot.view(.notifications, of: .twinPush), .array(notifications.map(\.wireJSON)))
        try wire.assertViewsRoundTrip(fake)
        let wrongViews: [JSON] = [["twinPush": [["id": "1"]]], ["twinPush": [["app_id": "appA"]]]]
        for wrong in wrongViews {
            XCTAssertFalse(wire.schema.problems(wrong, WireSchemas.ref("DeviceViews")).isEmpty)
            XCTAssertFalse(wire.schema.problems(wrong, WireSchemas.ref("NotificationViews")).isEmpty)
        }
    }
}
