import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Every error type of TwinPushWireProtocol.md §4.4 with its status, plus the fake's own (FakeBehaviour.md).
final class TwinPushErrorTests: XCTestCase {
    private let client = TwinPushTestClient.strict()

    func test_register_answersInvalidToken_whenTheAPITokenIsWrongOrMissing() {
        // GIVEN a declared app / WHEN register carries a wrong token, then none
        let wrong = client.send(
            "POST", client.path("/devices/register"), #"{"udid":"u","platform":"ios"}"#,
            headers: ["X-TwinPush-REST-API-Token": "nope"])
        let missing = client.send("POST", client.path("/devices/register"), #"{"udid":"u","platform":"ios"}"#)
        // THEN 403 InvalidToken both times, and no device was made
        assertTwinPushError(wrong, 403, "InvalidToken")
        assertTwinPushError(missing, 403, "InvalidToken")
        XCTAssertEqual(client.fake.twinPushDevices(app: TwinPushTestClient.app), [])
    }

    func test_backendReads_answerInvalidToken_whenTheAPITokenIsMissing() {
        // GIVEN a device and a notification
        let id = client.registerIOS()
        let nid = client.notify(#"{"broadcast":true,"alert":"x"}"#)
        // WHEN / THEN report, deliveries, device list and device show need the API token (§9)
        assertTwinPushError(client.send("GET", client.path("/notifications/\(nid)/report")), 403, "InvalidToken")
        assertTwinPushError(client.send("GET", client.path("/notifications/\(nid)/deliveries")), 403, "InvalidToken")
        assertTwinPushError(client.send("GET", client.path("/devices")), 403, "InvalidToken")
        assertTwinPushError(client.send("GET", client.path("/devices/\(id)")), 403, "InvalidToken")
    }

    func test_creatorCalls_answerInvalidCreatorToken_whenTheCreatorTokenIsWrong() {
        // GIVEN a declared app / WHEN create and delete use the API token instead of the creator token
        let create = client.send(
            "POST", client.path("/notifications"), #"{"broadcast":true,"alert":"x"}"#,
            headers: ["X-TwinPush-REST-API-Token": TwinPushTestClient.apiToken])
        let nid = client.notify(#"{"broadcast":true,"alert":"x"}"#)
        let delete = client.send("DELETE", client.path("/notifications/\(nid)"))
        // THEN 403 InvalidCreatorToken, and the notification survives
        assertTwinPushError(create, 403, "InvalidCreatorToken")
        assertTwinPushError(delete, 403, "InvalidCreatorToken")
        XCTAssertNotNil(client.fake.twinPushNotification(id: nid))
    }

    func test_anyCall_answersAppNotFound_whenTheAppIsNotDeclared() {
        // GIVEN a declared app / WHEN a call names another app
        var other = client
        other.app = "0000000000000000"
        // THEN 404 AppNotFound, for device calls and creator calls alike
        assertTwinPushError(other.send("GET", other.devicePath("1000000000000001", "/badge")), 404, "AppNotFound")
        assertTwinPushError(other.create(#"{"broadcast":true,"alert":"x"}"#), 404, "AppNotFound")
    }

    func test_deviceCalls_answerDeviceNotFound_whenTheDeviceIsUnknownOrMissing() {
        // GIVEN no devices / WHEN device calls name an unknown id, or none (iOS without a device id, §8)
        assertTwinPushError(client.send("GET", client.devicePath("1000000000000009", "/badge")), 404, "DeviceNotFound")
        assertTwinPushError(client.send("GET", client.path("/inbox_summary")), 404, "DeviceNotFound")
        assertTwinPushError(client.send("GET", client.path("/inbox?page=1")), 404, "DeviceNotFound")
        assertTwinPushError(client.send("GET", client.path("/badge")), 404, "DeviceNotFound")
        assertTwinPushError(client.send("POST", client.path("/search_notifications"), "{}"), 404, "DeviceNotFound")
        assertTwinPushError(client.send("POST", client.path("/update_badge"), #"{"badge":0}"#), 404, "DeviceNotFound")
        assertTwinPushError(
            client.send("POST", "/api/v2/devices/1000000000000009/notifications/2/received_notification"), 404,
            "DeviceNotFound")
        // AND a register naming an unknown device_id is 404 too, not a create (DOCS "update-only")
        var headers: HTTPHeaders = ["X-TwinPush-REST-API-Token": TwinPushTestClient.apiToken]
        headers.add(name: "Content-Type", value: "application/json")
        let update = client.send(
            "POST", client.path("/devices/register"), #"{"device_id":"1000000000000009"}"#, headers: headers)
        assertTwinPushError(update, 404, "DeviceNotFound")
    }

    func test_notificationCalls_answerNotificationNotFound_whenTheNotificationIsUnknown() {
        // GIVEN a device / WHEN it names a notification that does not exist
        let id = client.registerIOS()
        // THEN detail, delete, open and the report are 404 NotificationNotFound
        assertTwinPushError(
            client.send("GET", client.devicePath(id, "/notifications/2000000000000042")), 404, "NotificationNotFound")
        assertTwinPushError(
            client.send("DELETE", client.devicePath(id, "/notifications/2000000000000042")), 404, "NotificationNotFound"
        )
        assertTwinPushError(
            client.send("POST", client.devicePath(id, "/notifications/2000000000000042/open_notification"), "{}"), 404,
            "NotificationNotFound")
        assertTwinPushError(
            client.backend("GET", client.path("/notifications/2000000000000042/report")), 404, "NotificationNotFound")
    }

    func test_inboxDelete_answersNotificationNotFound_whenTheItemIsAlreadyDeleted() {
        // GIVEN a device whose inbox item was deleted once
        let id = client.registerIOS(alias: "ana")
        let nid = client.notify(#"{"devices_aliases":["ana"],"alert":"x","inbox":true}"#)
        XCTAssertEqual(client.send("DELETE", client.devicePath(id, "/notifications/\(nid)")).status, 200)
        // WHEN it is deleted again / THEN 404 NotificationNotFound
        assertTwinPushError(
            client.send("DELETE", client.devicePath(id, "/notifications/\(nid)")), 404, "NotificationNotFound")
    }

    func test_openNotification_answersDeliveryNotFound_whenTheDeviceNeverGotIt() {
        // GIVEN a notification sent to another device only
        let ana = client.registerIOS(udid: "a")
        let bob = client.registerIOS(udid: "b")
        let nid = client.notify(#"{"devices_ids":["\#(ana)"],"alert":"x"}"#)
        // WHEN the other device reports an open and a receipt
        let open = client.send("POST", client.devicePath(bob, "/notifications/\(nid)/open_notification"), "{}")
        let received = client.send("POST", "/api/v2/devices/\(bob)/notifications/\(nid)/received_notification")
        // THEN 404 DeliveryNotFound, and the report counts nothing
        assertTwinPushError(open, 404, "DeliveryNotFound")
        assertTwinPushError(received, 404, "DeliveryNotFound")
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.openingCount, 0)
    }

    func test_inboxCalls_answerAliasNotSet_whenTheDeviceHasNoAlias() {
        // GIVEN a device without alias / WHEN it reads the alias inbox or its summary
        let id = client.registerIOS()
        // THEN 422 AliasNotSet (fake-specific)
        assertTwinPushError(client.send("GET", client.devicePath(id, "/inbox")), 422, "AliasNotSet")
        assertTwinPushError(client.send("GET", client.devicePath(id, "/inbox_summary")), 422, "AliasNotSet")
    }

    func test_body_answersNotAcceptable_whenItIsNotAJSONObject() {
        // GIVEN a device / WHEN a POST body is not JSON, or is an array
        let id = client.registerIOS()
        // THEN 406, the DOCS' status for "invalid format … wrong JSON", in the vendor shape
        assertTwinPushError(
            client.send("POST", client.devicePath(id, "/update_badge"), "{badge:"), 406, "NotAcceptable")
        assertTwinPushError(client.send("POST", client.devicePath(id, "/update_badge"), "[1]"), 406, "NotAcceptable")
    }

    func test_unknownRoute_answersNotFoundAndMethodNotAllowed_whenUnderTheTwinPushPrefix() {
        // GIVEN / WHEN an unknown path and a wrong method under /api/v2
        let unknown = client.send("GET", client.path("/nothing/here"))
        let method = client.send("PUT", client.path("/notifications"), "{}")
        // THEN 404 NotFound and 405 MethodNotAllowed with the vendor error body
        assertTwinPushError(unknown, 404, "NotFound")
        assertTwinPushError(method, 405, "MethodNotAllowed")
        XCTAssertEqual(method.response.headers["Allow"], "POST")
    }
}
