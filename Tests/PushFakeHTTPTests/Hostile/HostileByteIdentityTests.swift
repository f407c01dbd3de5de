import PushFakeCore
import PushFakeHTTP
import XCTest

/// Identity is byte-exact on a live server (issue 16): names that Swift's `String` takes as equal by canonical
/// equivalence — `K` and KELVIN SIGN (U+212A), `é` in NFC and NFD — are two devices, two aliases, two UDIDs and two
/// tokens, as on the real services; the journal keeps each as sent.
final class HostileByteIdentityTests: HostileTestCase {
    private let kelvin = "\u{212A}-1"
    private let nfc = "caf\u{E9}"
    private let nfd = "cafe\u{301}"

    /// One request on its own connection; the body and headers go as UTF-8 bytes.
    private func send(
        _ method: String, _ path: String, _ body: String? = nil, headers: [(String, String)] = []
    ) throws -> LoopbackHTTPClient.Response {
        let client = try LoopbackHTTPClient(port: port, receiveTimeout: 20)
        return try XCTUnwrap(client.request(method, path, body: body, headers: headers), "\(method) \(path)")
    }

    private func tpnsRegister(_ deviceId: String, token: String) throws -> Int {
        let body =
            #"{"deviceId":"\#(deviceId)","deviceRegistrationId":"\#(token)","applicationKey":"k","#
            + #""applicationType":"IOS"}"#
        return try send("POST", "/TPNS/api/device/register", body).status
    }

    func test_tpnsDeviceIds_differingByKelvinSign_areTwoDevices() throws {
        XCTAssertEqual(try tpnsRegister("K-1", token: "aa"), 200)
        XCTAssertEqual(try tpnsRegister(kelvin, token: "bb"), 200)
        let devices = try XCTUnwrap(try send("GET", "/__pushfake/devices?vendor=tpns").json?["tpns"]?.arrayValue)
        XCTAssertEqual(devices.count, 2)
        XCTAssertEqual(
            devices.compactMap { $0["deviceId"]?.stringValue }.map { Array($0.utf8) },
            [Array("K-1".utf8), Array(kelvin.utf8)], "both kept, each as sent")
        XCTAssertEqual(devices.compactMap { $0["deviceRegistrationId"]?.stringValue }, ["aa", "bb"])
    }

    func test_twinPushAliasesAndUDIDs_inNFCAndNFD_areTwo() throws {
        func register(_ udid: String, alias: String) throws -> String {
            let body = #"{"udid":"\#(udid)","platform":"ios","push_token":"t-\#(udid)","alias_device":"\#(alias)"}"#
            let answer = try send("POST", "/api/v2/apps/app1/devices/register", body)
            XCTAssertEqual(answer.status, 200, answer.text)
            return answer.json?["objects"]?[0]?["id"]?.stringValue ?? ""
        }
        let first = try register("\u{E9}", alias: nfc)
        let second = try register("e\u{301}", alias: nfd)
        XCTAssertNotEqual(first, second, "UDIDs é (NFC) and e + U+0301 (NFD) are two devices")
        let sent = try send("POST", "/api/v2/apps/app1/notifications", #"{"alert":"hi","devices_aliases":["\#(nfc)"]}"#)
        XCTAssertEqual(sent.status, 200, sent.text)
        let deliveries = try XCTUnwrap(try send("GET", "/__pushfake/deliveries").json?["deliveries"]?.arrayValue)
        XCTAssertEqual(deliveries.compactMap { $0["deviceId"]?.stringValue }, [first], "one delivery, to the NFC alias")
    }

    func test_adminToken_refusesABearerThatDiffersByKelvinSign() throws {
        try restart { $0.adminAccess = AdminAccess(token: "s3cretK") }
        let lookalike = try send("GET", "/__pushfake/health", headers: [("Authorization", "Bearer s3cret\u{212A}")])
        XCTAssertEqual(lookalike.status, 403, lookalike.text)
        let right = try send("GET", "/__pushfake/health", headers: [("Authorization", "Bearer s3cretK")])
        XCTAssertEqual(right.status, 200, right.text)
        let short = try send("GET", "/__pushfake/health", headers: [("Authorization", "Bearer s3cret")])
        XCTAssertEqual(short.status, 403, short.text)
    }
}
