import Foundation
import PushFakeCore
import XCTest

/// A bad state document changes nothing and names the JSON path (issue 9).
final class StateLoadErrorTests: XCTestCase {
    private func assertRefused(
        _ document: JSON, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let fake = StateScenario.build()
        let before = fake.stateSnapshot().serializedString()
        XCTAssertThrowsError(try fake.loadState(document), file: file, line: line) { error in
            XCTAssertEqual("\(error)", message, file: file, line: line)
        }
        XCTAssertEqual(fake.stateSnapshot().serializedString(), before, "nothing changed", file: file, line: line)
    }

    private func twinPush(_ section: JSON) -> JSON { ["vendors": ["twinPush": section]] }
    private let device: JSON = ["app_id": "A", "udid": "U1", "platform": "ios", "alias_device": "ana"]

    func test_wrongTypes_unknownKeysAndVersions_areRefused() {
        assertRefused(["version": 2], "version: must be 1, not 2")
        assertRefused(["clock": "now"], #"clock: must be an object, not "now""#)
        assertRefused(
            ["devices": []],
            "devices: is not a known field; use version, clock, ids, apps, vendors, deliveries or faults")
        assertRefused(
            twinPush(["devices": [["app_id": "A", "udid": 5, "platform": "ios"]]]),
            "vendors.twinPush.devices[0].udid: must be a string, not 5")
        assertRefused(
            twinPush(["devices": [["app_id": "A", "udid": "U", "platform": "ios", "colour": "red"]]]),
            "vendors.twinPush.devices[0].colour: is not a known field; use id, app_id, udid, platform, push_token, "
                + "alias_device, language, device_code, device_model, device_manufacturer, app_version, sdk_version, "
                + "os_version, os_name, os_version_code, badge, custom_properties, location, created_at, updated_at, "
                + "last_registered_at, registration_updated_at, app_opened_at, app_closed_at or received")
        assertRefused(["vendors": ["apns": [:]]], "vendors.apns: is not a registered vendor; use tpns or twinPush")
        assertRefused(
            ["ids": ["counters": ["pigeon": 1]]],
            "ids.counters.pigeon: is not a known field; use delivery, tpnsNotification, twinPushDevice, "
                + "twinPushNotification or twinPushInboxItem")
        assertRefused(
            ["ids": ["counters": ["delivery": 1e12]]],
            "ids.counters.delivery: must be an integer from 0 to 99999999999, not 1000000000000.0")
        assertRefused(
            ["faults": [["fault": ["status": 99999]]]],
            "faults[0].fault.status: must be an integer from 200 to 599, not 99999")
        assertRefused(
            ["faults": [["fault": ["status": 500], "matchCount": 1, "appliedCount": 2]]],
            "faults[0].appliedCount: must not exceed matchCount (1)")
        assertRefused(
            ["vendors": ["tpns": ["devices": [["applicationKey": "K", "deviceId": "D", "applicationType": "WP"]]]]],
            #"vendors.tpns.devices[0].applicationType: must be IOS, IOS_SAND or AOS, not "WP""#)
        assertRefused(
            twinPush(["devices": [["app_id": "A", "udid": "U", "platform": "ios", "badge": -1]]]),
            "vendors.twinPush.devices[0].badge: must be an integer from 0 to 2147483647, not -1")
    }

    func test_badTimestamps_areRefused() {
        assertRefused(
            ["clock": ["now": "2026-02-30T00:00:00Z"]],
            #"clock.now: must be a real date and time like 2026-01-01T00:00:00.000Z, not "2026-02-30T00:00:00Z""#)
        assertRefused(
            ["clock": ["now": "1969-01-01T00:00:00Z"]],
            "clock.now: must be within 1970-01-01T00:00:00.000Z…9999-12-31T23:59:59.999Z, not 1969-01-01T00:00:00Z")
        assertRefused(
            twinPush(["devices": [["app_id": "A", "udid": "U", "platform": "ios", "created_at": "yesterday"]]]),
            #"vendors.twinPush.devices[0].created_at: must be a real date and time like 2026-01-01T00:00:00.000Z, not "yesterday""#
        )
    }

    func test_duplicatesAndDanglingReferences_areRefused() {
        assertRefused(
            twinPush(["devices": [device, device]]),
            "vendors.twinPush.devices[1].udid: U1 (ios) is registered in app A twice")
        assertRefused(
            [
                "vendors": [
                    "tpns": [
                        "devices": [
                            ["applicationKey": "K", "deviceId": "D", "applicationType": "IOS"],
                            ["applicationKey": "K", "deviceId": "D", "applicationType": "AOS"],
                        ]
                    ]
                ]
            ], "vendors.tpns.devices[1].deviceId: D is registered under K twice")
        assertRefused(
            twinPush([
                "devices": [device], "inbox": [["app_id": "A", "alias": "ana", "notification": "2000000000000009"]],
            ]),
            "vendors.twinPush.inbox[0].notification: 2000000000000009 is not a notification of app A in the document (notifications)"
        )
        var received = device.objectValue ?? [:]
        received["received"] = [["notification": "2000000000000001", "delivery": "3000000000000001"]]
        assertRefused(
            twinPush(["devices": [.object(received)]]),
            "vendors.twinPush.devices[0].received[0].delivery: 3000000000000001 is not a delivery of the document (deliveries)"
        )
        assertRefused(
            ["faults": [["id": "x", "fault": ["delay": 1]], ["id": "x", "fault": ["delay": 1]]]],
            "faults[1].id: x is given twice")
        let delivery: JSON = [
            "id": "3000000000000001", "vendor": "tpns", "app": "K", "notificationId": "5000000000000001",
            "deviceId": "D", "platform": "ios", "payload": ["aps": [:]], "status": "delivered",
        ]
        assertRefused(["deliveries": [delivery, delivery]], "deliveries[1].id: 3000000000000001 is given twice")
    }

    func test_severalDocuments_addUp_butAClockInTwoIsRefused() throws {
        let fake = PushFake()
        let first: JSON = [
            "clock": ["now": "2026-03-01T00:00:00Z"], "apps": ["tpns": ["K1"]], "faults": [["fault": ["status": 503]]],
        ]
        let second: JSON = [
            "apps": ["TPNS": ["K2"]], "faults": [["fault": ["delay": 1]]],
            "vendors": ["tpns": ["devices": [["applicationKey": "K2", "deviceId": "D", "applicationType": "IOS"]]]],
        ]
        try fake.loadState(documents: [first, second])
        XCTAssertEqual(fake.apps["tpns"], ["K1", "K2"])
        XCTAssertEqual(fake.faultRules.map(\.id), ["fault-1", "fault-2"])
        XCTAssertEqual(fake.tpnsDevices().map(\.deviceId), ["D"])
        XCTAssertEqual(fake.now.pushFakeISO8601, "2026-03-01T00:00:00.000Z")
        let before = fake.stateSnapshot()
        XCTAssertThrowsError(try fake.loadState(documents: [first, second, ["clock": ["mode": "real"]]])) { error in
            XCTAssertEqual("\(error)", "document 3: clock: is given in document 1 already; give it once")
            XCTAssertEqual((error as? StateError)?.document, 2)
        }
        XCTAssertThrowsError(try fake.loadState(documents: [second, second])) { error in
            XCTAssertEqual("\(error)", "document 2: vendors.tpns.devices[0].deviceId: D is registered under K2 twice")
        }
        XCTAssertEqual(fake.stateSnapshot(), before)
    }
}
