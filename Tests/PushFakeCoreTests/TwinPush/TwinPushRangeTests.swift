import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Numbers from TwinPush bodies and queries are range-checked where they enter, never misread (issue 8).
final class TwinPushRangeTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())

    func test_pagination_answersBadRequestNamingTheField_whenNotAnIntegerOrTooLarge() {
        let device = client.registerIOS(alias: "ana")
        for body in [
            #"{"page":"abc"}"#, #"{"page":1.5}"#, #"{"page":1e20}"#, #"{"per_page":"99999999999999999999"}"#,
            #"{"page":100000001}"#, #"{"per_page":true}"#,
        ] {
            let reply = client.send("POST", client.devicePath(device, "/search_notifications"), body)
            XCTAssertEqual(reply.status, 400, body)
            XCTAssertEqual(reply.errorType, "BadRequest", body)
            let message = reply.json["errors"]?["message"]?.stringValue ?? ""
            XCTAssertTrue(message.hasPrefix("page ") || message.hasPrefix("per_page "), message)
        }
        let query = client.send("GET", client.devicePath(device, "/inbox?page=1e3"))
        XCTAssertEqual(query.json["errors"]?["message"], #"page must be an integer (or a string of one), not "1e3""#)
        // the documented leniencies stay: ≤ 0 is page 1, 0 per page is 30, more than 100 is 100
        let lenient = client.send(
            "POST", client.devicePath(device, "/search_notifications"), #"{"page":-9,"per_page":500}"#)
        XCTAssertEqual(lenient.json["current_page"], 1)
        XCTAssertEqual(lenient.json["per_page"], 100)
        XCTAssertEqual(
            client.send("POST", client.devicePath(device, "/search_notifications"), #"{"page":2.0}"#).json[
                "current_page"], 2)
    }

    func test_badge_isRefusedWithItsRange_whenBeyond32Bits() {
        let device = client.registerIOS()
        for badge in [
            "1e20", "3000000000", #""+3000000000""#, #""99999999999999999999""#, "-2147483648",
            // Int.min and Int.max are Ints: `abs(Int.min)` trapped here and took the whole server down.
            "-9223372036854775808", "9223372036854775807", "-9223372036854775807",
        ] {
            let reply = client.send("POST", client.devicePath(device, "/update_badge"), #"{"badge":\#(badge)}"#)
            XCTAssertEqual(reply.status, 422, badge)
            XCTAssertEqual(reply.errorType, "DeviceNotUpdated", badge)
            XCTAssertEqual(
                reply.json["errors"]?["message"]?.stringValue?.hasPrefix(
                    "badge must be a number from -2147483647 to 2147483647"), true, badge)
        }
        XCTAssertEqual(
            client.send("POST", client.devicePath(device, "/update_badge"), #"{"badge":2147483647}"#).status, 200)
        XCTAssertEqual(
            client.send("POST", client.devicePath(device, "/update_badge"), #"{"badge":"+2147483647"}"#).status, 200)
        XCTAssertEqual(client.fake.twinPushDevice(id: device)?.badge, 2_147_483_647, "the sum saturates")
        let create = client.send("POST", client.path("/notifications"), #"{"alert":"a","broadcast":true,"badge":1e12}"#)
        XCTAssertEqual(create.errorType, "NotificationNotCreated")
        let smallest = client.send(
            "POST", client.path("/notifications"), #"{"alert":"a","broadcast":true,"badge":-9223372036854775808}"#)
        XCTAssertEqual(smallest.status, 422)
        XCTAssertEqual(smallest.errorType, "NotificationNotCreated")
    }

    func test_sendSince_isRefused_whenOutsideTheClockRange() {
        for date in ["0001-01-01 00:00:00 UTC", "1969-12-31 23:59:59 UTC", "2026-02-30 10:00:00 UTC"] {
            let reply = client.send(
                "POST", client.path("/notifications"), #"{"alert":"a","broadcast":true,"send_since":"\#(date)"}"#)
            XCTAssertEqual(reply.status, 422, date)
            XCTAssertEqual(reply.json["errors"]?["message"]?.stringValue?.hasPrefix("send_since must be"), true, date)
        }
    }
}
