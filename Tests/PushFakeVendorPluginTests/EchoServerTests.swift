import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// The third vendor through a live server: routing, the admin fault JSON, the journal query, the devices and
/// notifications views, the route list and the base URL, with no change to the server.
final class EchoServerTests: EchoServerCase {

    func test_echoRoutesAndAdminFaults_workOverHTTP_whenServed() throws {
        XCTAssertEqual(try call("POST", "/echo/devices/d1").status, 200)
        let added = try call(
            "POST", "/__pushfake/faults", #"{"match":{"vendor":"echo","operation":"say"},"fault":{"echoError":"Busy"}}"#
        )
        XCTAssertEqual(added.status, 201)
        XCTAssertEqual(added.json?["fault"], ["echoError": "Busy"])
        XCTAssertEqual(added.json?["description"], "fault-1: Echo error Busy when vendor=echo, operation=say (once)")
        let busy = try call("POST", "/echo/devices/d1/say", #"{"text":"hi"}"#)
        XCTAssertEqual(busy.status, 503)
        XCTAssertEqual(busy.json?["echoError"]?["code"], "Busy")
        let said = try call("POST", "/echo/devices/d1/say", #"{"text":"hi"}"#)
        XCTAssertEqual(said.json, ["id": "6000000000000001", "echo": "hi"])
        let missing = try call("DELETE", "/echo/devices")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.json?["echoError"]?["code"], "Status404")
        let journal = try call("GET", "/__pushfake/journal?vendor=echo&operation=say")
        XCTAssertEqual(journal.json?["count"], 2)
        XCTAssertEqual(journal.json?["entries"]?[0]?["fault"]?["description"], "Echo error Busy")
    }

    func test_adminViews_listEveryVendorAndFilterEcho_whenQueried() throws {
        _ = try call("POST", "/echo/devices/d1")
        _ = try call("POST", "/echo/devices/d1/say", #"{"text":"hi"}"#)
        let devices = try call("GET", "/__pushfake/devices")
        XCTAssertEqual(devices.json?.objectValue?.keys, ["tpns", "twinPush", "echo"])
        XCTAssertEqual(try call("GET", "/__pushfake/devices?vendor=echo").json, ["echo": ["d1"]])
        let notifications = try call("GET", "/__pushfake/notifications?vendor=echo")
        XCTAssertEqual(
            notifications.json, ["echo": [["id": "6000000000000001", "device": "d1", "text": "hi"]]])
        let unknown = try call("GET", "/__pushfake/devices?vendor=shout")
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(unknown.json?["error"], "unknown vendor shout; use tpns, twinPush or echo")
        let deliveries = try call("GET", "/__pushfake/deliveries?vendor=echo")
        XCTAssertEqual(deliveries.json?["count"], 1)
    }

    func test_routesAndBaseURL_includeEcho_whenListed() throws {
        let routes = try call("GET", "/__pushfake/routes")
        XCTAssertEqual(
            routes.json?["vendors"]?["echo"],
            [
                "POST /echo/devices/{device}", "POST /echo/devices/{device}/say", "POST /echo/devices/{device}/push",
                "GET /echo/messages",
            ])
        XCTAssertEqual(routes.json?["vendor"]?.arrayValue?.contains("GET /echo/messages"), true)
        XCTAssertEqual(server.baseURL(for: .echo)?.absoluteString, "http://127.0.0.1:\(server.port)/echo")
        XCTAssertEqual(server.tpnsBaseURL.absoluteString, "http://127.0.0.1:\(server.port)/TPNS")
    }
}
