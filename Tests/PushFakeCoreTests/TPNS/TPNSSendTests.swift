import PushFakeCore
import PushFakeTestSupport
import XCTest

final class TPNSSendTests: XCTestCase {
    /// The body of the TPNS_iOS README `curl` example (TPNSWireProtocol.md §7.1).
    private let readmeBody =
        #"[{"message":"Test","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS_SAND"],"deviceIds":["YOUR SAVED DEVICE ID"]}]"#

    func test_send_deliversAPNsPayload_whenREADMECurlBodyTargetsRegisteredDevice() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "YOUR SAVED DEVICE ID", token: "cafe", appKey: "APPKEY", type: "IOS_SAND")
        let exchange = fake.send("POST", "/TPNS//api/pushnotifications", json: readmeBody)
        XCTAssertEqual(exchange.response.status, 200)
        let result = try XCTUnwrap(exchange.json?["results"]?[0])
        XCTAssertEqual(result["deliveredDeviceIds"], ["YOUR SAVED DEVICE ID"])
        XCTAssertEqual(result["unknownDeviceIds"], [])
        XCTAssertEqual(exchange.json?["success"], true)
        let delivery = try XCTUnwrap(fake.deliveries(to: "YOUR SAVED DEVICE ID").first)
        XCTAssertEqual(delivery.payloadString, #"{"aps":{"alert":"Test","sound":"default"}}"#)
        XCTAssertEqual(delivery.token, "cafe")
        XCTAssertEqual(delivery.platform, .iosSandbox)
        XCTAssertEqual(delivery.notificationID, result["notificationId"]?.stringValue)
        XCTAssertEqual(fake.journal.entries.last?.deliveryIDs, [delivery.id])
    }

    func test_send_sortsTargetsIntoDeliveredUnknownInactive_whenMixed() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "ios", token: "t1", type: "IOS")
        fake.tpnsRegister(deviceId: "android", token: "t2", type: "AOS")
        fake.tpnsRegister(deviceId: "gone", token: "t3", type: "AOS")
        fake.tpnsUnregister(deviceId: "gone")
        fake.tpnsRegister(deviceId: "tokenless", token: "-1", type: "AOS")
        let body = #"""
            [{"message":"Hi","handlingLevel":2,"applicationKey":"testApp","applicationTypes":["AOS"],\#
            "deviceIds":["android","gone","tokenless","ios","nobody","android"]}]
            """#
        let result = try XCTUnwrap(fake.send("POST", "/api/pushnotifications", json: body).json?["results"]?[0])
        XCTAssertEqual(result["deliveredDeviceIds"], ["android"])
        XCTAssertEqual(result["inactiveDeviceIds"], ["gone", "tokenless"])
        XCTAssertEqual(result["unknownDeviceIds"], ["ios", "nobody"])
        XCTAssertEqual(fake.deliveries(to: "android").first?.payloadString, #"{"message":"Hi"}"#)
        XCTAssertEqual(fake.deliveries(vendor: .tpns).count, 1)
    }

    func test_send_targetsEveryActiveDeviceOfTypes_whenDeviceIdsNullOrMissing() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "a", type: "IOS")
        fake.tpnsRegister(deviceId: "b", type: "IOS_SAND")
        fake.tpnsRegister(deviceId: "c", type: "AOS")
        fake.tpnsRegister(deviceId: "other-app", appKey: "other", type: "IOS")
        let body = #"""
            [{"message":"1","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS","AOS"],"deviceIds":null},\#
            {"message":"2","handlingLevel":3,"applicationKey":"testApp","applicationTypes":["IOS_SAND"]}]
            """#
        let json = try XCTUnwrap(fake.send("POST", "/api/pushnotifications", json: body).json)
        XCTAssertEqual(json["results"]?[0]?["deliveredDeviceIds"], ["a", "c"])
        XCTAssertEqual(json["results"]?[1]?["deliveredDeviceIds"], ["b"])
        XCTAssertEqual(json["results"]?[1]?["index"], 1)
        XCTAssertNotEqual(json["results"]?[0]?["notificationId"], json["results"]?[1]?["notificationId"])
    }

    func test_send_isAtomic_whenOneElementInvalid() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "a", type: "IOS")
        let body = #"""
            [{"message":"ok","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"],"deviceIds":null},\#
            {"message":"","handlingLevel":4,"applicationKey":"testApp","applicationTypes":["WEB"],"deviceIds":[1]}]
            """#
        let exchange = fake.send("POST", "/api/pushnotifications", json: body)
        XCTAssertEqual(exchange.response.status, 422)
        let fields = exchange.json?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue }
        XCTAssertEqual(fields, ["[1].message", "[1].handlingLevel", "[1].applicationTypes", "[1].deviceIds"])
        XCTAssertTrue(fake.deliveries.isEmpty)
        XCTAssertTrue(fake.tpnsNotifications.isEmpty)
    }

    func test_send_answers422_whenBodyIsNotAnArrayOrEmpty() {
        let fake = PushFake()
        XCTAssertEqual(fake.send("POST", "/api/pushnotifications", json: #"{"message":"x"}"#).response.status, 422)
        XCTAssertEqual(fake.send("POST", "/api/pushnotifications", json: "[]").response.status, 422)
        XCTAssertEqual(fake.send("POST", "/api/pushnotifications", json: "[1]").response.status, 422)
        XCTAssertEqual(fake.send("POST", "/api/pushnotifications", json: "[").response.status, 400)
    }

    func test_send_rejectsStringHandlingLevel_whenNotANumber() {
        let fake = PushFake()
        let body = #"[{"message":"m","handlingLevel":"1","applicationKey":"k","applicationTypes":["AOS"]}]"#
        let exchange = fake.send("POST", "/api/pushnotifications", json: body)
        XCTAssertEqual(exchange.response.status, 422)
        XCTAssertEqual(exchange.json?["errors"]?[0]?["field"], "[0].handlingLevel")
    }

    func test_send_failsEveryDeliveryOfASharedOversizedPayload_andStillChecksEachToken() throws {
        // GIVEN three iOS devices, the second with a token APNs would refuse, and a message whose APNs payload
        // (shared by all three, its size verdict remembered after the first) is 4,098 bytes
        let fake = PushFake()
        for (device, token) in [("a", "ab01"), ("b", "not-hex"), ("c", "ab03")] {
            fake.tpnsRegister(deviceId: device, token: token, type: "IOS")
        }
        let body: JSON = [
            [
                "message": .string(String(repeating: "x", count: 4_060)), "handlingLevel": 1,
                "applicationKey": "testApp", "applicationTypes": ["IOS"],
            ]
        ]
        // WHEN it is sent to all of them
        let result = try XCTUnwrap(
            fake.send("POST", "/api/pushnotifications", json: body.serializedString()).json?["results"]?[0])
        // THEN every delivery is too large, the bad token's is refused for its token first, and the others'
        // problems are the size alone
        XCTAssertEqual(result["failedDeviceIds"], ["a", "b", "c"])
        XCTAssertEqual(
            fake.deliveries.map(\.status),
            [.failed(reason: "PayloadTooLarge"), .failed(reason: "BadDeviceToken"), .failed(reason: "PayloadTooLarge")])
        XCTAssertEqual(
            fake.deliveries.map { $0.problems.map(\.code) },
            [["PayloadTooLarge"], ["BadDeviceToken", "PayloadTooLarge"], ["PayloadTooLarge"]])
        XCTAssertEqual(fake.journal.entries.last?.deliveryIDs, fake.deliveries.map(\.id))
    }

    func test_send_recordsFailedDeliveries_whenPayloadsExceedEachNetworksLimit() throws {
        // GIVEN an iOS and an Android device, and messages of 4,060 and 4,090 characters: the APNs payloads are
        // 4,098 and 4,128 bytes (> 4,096); the FCM data keys and values 4,067 (≤ 4,096, as JSON 4,074) and 4,097
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "ios", type: "IOS")
        fake.tpnsRegister(deviceId: "android", type: "AOS")
        let body: JSON = .array(
            [4_060, 4_090].map { length in
                [
                    "message": .string(String(repeating: "x", count: length)), "handlingLevel": 1,
                    "applicationKey": "testApp", "applicationTypes": ["IOS", "AOS"],
                ]
            })
        // WHEN both are sent
        let results = try XCTUnwrap(
            fake.send("POST", "/api/pushnotifications", json: body.serializedString()).json?["results"])
        // THEN each network refuses what is over its limit, with its own reason
        XCTAssertEqual(results[0]?["deliveredDeviceIds"], ["android"])
        XCTAssertEqual(results[0]?["failedDeviceIds"], ["ios"])
        XCTAssertEqual(results[1]?["failedDeviceIds"], ["ios", "android"])
        XCTAssertEqual(fake.deliveries.map(\.payload.count), [4_098, 4_074, 4_128, 4_104])
        XCTAssertEqual(
            fake.deliveries.map(\.status),
            [
                .failed(reason: "PayloadTooLarge"), .delivered, .failed(reason: "PayloadTooLarge"),
                .failed(reason: "MessageTooBig"),
            ])
        XCTAssertEqual(
            fake.journal.entries.last?.notes.first(where: { $0.hasPrefix("send 1:") }),
            "send 1: 0 delivered, 0 unknown, 0 inactive, 2 failed (PayloadTooLarge, MessageTooBig)")
    }

    func test_send_answers422ForUnknownKey_whenAppsDeclared() {
        let fake = PushFake(PushFakeConfiguration(tpnsApps: ["known"]))
        let body = #"[{"message":"m","handlingLevel":1,"applicationKey":"unknown","applicationTypes":["AOS"]}]"#
        let exchange = fake.send("POST", "/api/pushnotifications", json: body)
        XCTAssertEqual(exchange.response.status, 422)
        XCTAssertEqual(exchange.json?["errors"]?[0]?["field"], "[0].applicationKey")
    }
}
