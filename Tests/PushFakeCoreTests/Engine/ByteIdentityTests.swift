import PushFakeCore
import XCTest

/// Identity is byte-exact (issue 16, FakeBehaviour.md, Identity): two strings Swift calls equal by canonical
/// equivalence — `K` and KELVIN SIGN, `é` (NFC) and `e` + COMBINING ACUTE (NFD) — name two devices, aliases, tokens,
/// properties, tags, as on the real services; journals and answers keep each as sent.
final class ByteIdentityTests: XCTestCase {
    private let kelvin = "\u{212A}-1"
    private let nfc = "caf\u{E9}"
    private let nfd = "cafe\u{301}"

    func test_wireKey_comparesAndHashesBytes_whenStringsAreCanonicallyEquivalent() {
        XCTAssertEqual("K-1", kelvin, "String == is canonical equivalence: the reason for WireKey")
        XCTAssertNotEqual(WireKey("K-1"), WireKey(kelvin))
        XCTAssertNotEqual(WireKey(nfc), WireKey(nfd))
        XCTAssertEqual(WireKey(nfc), WireKey("caf\u{E9}"))
        XCTAssertEqual(Set([WireKey(nfc), WireKey(nfd), WireKey("caf\u{E9}")]).count, 2)
        XCTAssertEqual([WireKey(nfc): 1, WireKey(nfd): 2].count, 2)
        // Long, non-ASCII strings (not stored inline) too.
        let long = String(repeating: "x", count: 40)
        XCTAssertNotEqual(WireKey(long + nfc), WireKey(long + nfd))
        XCTAssertEqual(WireKey(long + nfd), WireKey(long + "caf" + "e" + "\u{301}"))
    }

    func test_vendorAndOperation_compareAndHashNameBytes_keepingTheNameAsGiven() {
        XCTAssertNotEqual(Vendor("K-1"), Vendor(kelvin))
        XCTAssertNotEqual(Operation(nfc), Operation(nfd))
        XCTAssertEqual(Operation(nfc), "caf\u{E9}")
        XCTAssertEqual(Set([Vendor(nfc), Vendor(nfd), Vendor("caf\u{E9}")]).count, 2)
        XCTAssertEqual(Set([Operation(nfc), Operation(nfd), Operation("caf\u{E9}")]).count, 2)
        XCTAssertEqual(Array(Vendor(kelvin).rawValue.utf8), Array(kelvin.utf8))
        XCTAssertEqual(Array(Operation(nfd).description.utf8), Array(nfd.utf8))
    }

    func test_json_comparesStringsAndKeysByBytes() {
        XCTAssertNotEqual(JSON.string(nfc), JSON.string(nfd))
        XCTAssertNotEqual(JSON.object([nfc: 1]), JSON.object([nfd: 1]))
        XCTAssertEqual(JSON.object([nfc: 1]), JSON.object(["caf\u{E9}": 1]))
        let object = JSONObject([.init(key: nfc, value: 1), .init(key: nfd, value: 2)])
        XCTAssertEqual(object[nfc], 1)
        XCTAssertEqual(object[nfd], 2)
        XCTAssertFalse(object.contains("K"))
    }

    func test_tpnsRegister_keepsTwoDevices_whenIdsDifferOnlyByKelvinSign() {
        let fake = PushFake()
        XCTAssertEqual(fake.tpnsRegister(deviceId: "K-1", token: "aa").response.status, 200)
        XCTAssertEqual(fake.tpnsRegister(deviceId: kelvin, token: "bb").response.status, 200)
        let devices = fake.tpnsDevices(applicationKey: "testApp")
        XCTAssertEqual(devices.map(\.deviceId).map { Array($0.utf8) }, [Array("K-1".utf8), Array(kelvin.utf8)])
        XCTAssertEqual(devices.map(\.deviceRegistrationId), ["aa", "bb"])
        // A send to one reaches that one only; the journal keeps the id as sent.
        let send = fake.send(
            "POST", "/TPNS/api/pushnotifications",
            json: #"[{"message":"m","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS_SAND"],"#
                + #""deviceIds":["\#(kelvin)","K-1"]}]"#)
        XCTAssertEqual(send.json?["results"]?[0]?["deliveredDeviceIds"]?.arrayValue?.count, 2)
        XCTAssertEqual(fake.deliveries(to: "K-1").map(\.token), ["aa"])
        XCTAssertEqual(fake.deliveries(to: kelvin).map(\.token), ["bb"])
        XCTAssertTrue(fake.journal.entries[1].device.map { Array($0.utf8) == Array(kelvin.utf8) } ?? false)
        // Unregistering one leaves the other.
        fake.tpnsUnregister(deviceId: kelvin)
        XCTAssertEqual(fake.tpnsDevice(applicationKey: "testApp", deviceId: "K-1")?.isActive, true)
    }

    func test_tpnsStrictApps_refuseAKeyThatOnlyLooksDeclared() {
        let fake = PushFake(PushFakeConfiguration(tpnsApps: ["APP-K"]))
        XCTAssertEqual(fake.tpnsRegister(appKey: "APP-K").response.status, 200)
        let other = fake.tpnsRegister(appKey: "APP-\u{212A}")
        XCTAssertEqual(other.response.status, 422)
        XCTAssertEqual(other.json?["errors"]?[0]?["errorCode"], "UnknownApplication")
    }

    func test_twinPushAlias_deliversOncePerAlias_whenNFCAndNFDAliasesExist() {
        let client = TwinPushTestClient(fake: PushFake())
        let first = client.registerIOS(udid: "U-1", alias: nfc, token: "t1")
        let second = client.registerIOS(udid: "U-2", alias: nfd, token: "t2")
        XCTAssertEqual(client.fake.twinPushInbox(alias: nfc, app: client.app).count, 0)
        _ = client.notify(#"{"alert":"hi","devices_aliases":["\#(nfc)"],"inbox":true}"#)
        XCTAssertEqual(client.fake.deliveries.map(\.deviceID), [first], "only the NFC alias's device")
        XCTAssertEqual(client.fake.twinPushInbox(alias: nfc, app: client.app).count, 1)
        XCTAssertEqual(client.fake.twinPushInbox(alias: nfd, app: client.app).count, 0)
        // Both aliases as targets: one delivery each, not two each.
        _ = client.notify(#"{"alert":"hi","devices_aliases":["\#(nfc)","\#(nfd)"]}"#)
        XCTAssertEqual(client.fake.deliveries.dropFirst().map(\.deviceID), [first, second])
        // multiple_alias overrides apply to their own alias only.
        _ = client.notify(#"{"multiple_alias":{"\#(nfd)":{"alert":"for NFD"}}}"#)
        XCTAssertEqual(client.fake.deliveries.dropFirst(3).map(\.deviceID), [second])
    }

    func test_twinPushUDIDs_getTwoDevices_whenNFCAndNFD() {
        let client = TwinPushTestClient(fake: PushFake())
        let first = client.registerIOS(udid: "\u{E9}")
        let second = client.registerIOS(udid: "e\u{301}")
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(client.fake.twinPushDevices(app: client.app).count, 2)
        XCTAssertEqual(client.registerIOS(udid: "\u{E9}"), first, "the same bytes are the same device")
    }

    func test_twinPushTokensAndApps_compareBytes() {
        let app = TwinPushApp(id: "appK", apiToken: "tokenK", creatorToken: "creatorK")
        let client = TwinPushTestClient(fake: PushFake(PushFakeConfiguration(twinPushApps: [app])), app: "appK")
        let body = #"{"udid":"u","platform":"ios"}"#
        let path = client.path("/devices/register")
        XCTAssertEqual(client.send("POST", path, body, headers: ["X-TwinPush-REST-API-Token": "tokenK"]).status, 200)
        let lookalike = client.send("POST", path, body, headers: ["X-TwinPush-REST-API-Token": "token\u{212A}"])
        assertTwinPushError(lookalike, 403, "InvalidToken")
        let otherApp = client.send(
            "POST", "/api/v2/apps/app\u{212A}/devices/register", body, headers: ["X-TwinPush-REST-API-Token": "tokenK"])
        assertTwinPushError(otherApp, 404, "AppNotFound")
        XCTAssertThrowsError(
            try client.fake.declareApps([
                "twinPush": [["id": "appK", "apiToken": "token\u{212A}", "creatorToken": "creatorK"]]
            ]), "a token that only looks the same is a conflict")
    }

    func test_twinPushPropertiesAndTags_compareBytes() {
        let client = TwinPushTestClient(fake: PushFake())
        let device = client.registerIOS(udid: "U-1", alias: "a")
        let set = client.devicePath(device, "/set_custom_property")
        client.send("POST", set, #"{"name":"\#(nfc)","type":"enum","value":"gold"}"#)
        client.send("POST", set, #"{"name":"\#(nfd)","type":"enum","value":"silver"}"#)
        let properties = client.fake.twinPushDevice(id: device)?.customProperties ?? []
        XCTAssertEqual(properties.map(\.value), ["gold", "silver"], "two properties")
        _ = client.notify(#"{"alert":"x","target_properties":{"\#(nfd)":"gold"}}"#)
        XCTAssertTrue(client.fake.deliveries.isEmpty, "the NFD property is silver")
        _ = client.notify(#"{"alert":"x","target_properties":{"\#(nfd)":"silver"},"tags":["\#(nfc)"]}"#)
        XCTAssertEqual(client.fake.deliveries.count, 1)
        let search = client.send("POST", client.devicePath(device, "/search_notifications"), #"{"tags":["\#(nfd)"]}"#)
        XCTAssertEqual(search.json["total_entries"], 0, "tag NFD is not tag NFC")
        let found = client.send("POST", client.devicePath(device, "/search_notifications"), #"{"tags":["\#(nfc)"]}"#)
        XCTAssertEqual(found.json["total_entries"], 1)
    }

    func test_matchers_compareAppsDevicesAndBodiesByBytes() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "K-1")
        fake.tpnsRegister(deviceId: kelvin)
        XCTAssertEqual(fake.journal.entries(matching: RequestMatcher().device("K-1")).count, 1)
        XCTAssertEqual(fake.journal.entries(matching: RequestMatcher().bodyField("deviceId", .equals("K-1"))).count, 1)
        XCTAssertEqual(fake.journal.entries(matching: RequestMatcher().bodyField("deviceId", .contains("K"))).count, 1)
        XCTAssertEqual(fake.deliveries(to: "K-1").count, 0)
    }
}
