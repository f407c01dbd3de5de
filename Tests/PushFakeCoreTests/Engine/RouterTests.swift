import PushFakeCore
import PushFakeTestSupport
import XCTest

final class RouterTests: XCTestCase {
    func test_route_collapsesSlashesAndDecodes_whenTrailingSlashBaseURLUsed() throws {
        let fake = PushFake()
        fake.send("PUT", "/TPNS//api/application/my%20app/device/D%2F1/unregister/")
        let entry = try XCTUnwrap(fake.journal.entries.last)
        XCTAssertEqual(entry.operation, .unregister)
        XCTAssertEqual(entry.route?.parameters["appKey"], "my app")
        XCTAssertEqual(entry.route?.parameters["deviceId"], "D/1")
    }

    func test_route_matchesRawSegments_whenPathHasRepeatedSlashesAndNoEscape() throws {
        let fake = PushFake()
        fake.send("PUT", "//TPNS/api//application/app1/device/D-1/unregister//")
        let entry = try XCTUnwrap(fake.journal.entries.last)
        XCTAssertEqual(entry.operation, .unregister)
        XCTAssertEqual(entry.route?.parameters, ["appKey": "app1", "deviceId": "D-1"])
        XCTAssertEqual(entry.route?.template, "/TPNS/api/application/{appKey}/device/{deviceId}/unregister")
        let wrongMethod = fake.send("GET", "/TPNS//api/device/register/")
        XCTAssertEqual(wrongMethod.response.status, 405)
        XCTAssertEqual(wrongMethod.response.headers["Allow"], "POST")
        XCTAssertEqual(fake.send("HEAD", "/TPNS/api/device/register").response.status, 405)
        XCTAssertEqual(fake.send("PUT", "/TPNS/api/application/app1/device/D-1/unregister/extra").response.status, 404)
    }

    func test_rawMatch_comparesEveryLiteralByte_andTakesAnyDepth() {
        let fake = PushFake()
        // Each literal of the TwinPush register template changed in one byte, keeping its length: not the
        // register (a 404, or a 405 where a route with a parameter there takes the path).
        for path in [
            "/api/v2/apps/A/devices/registeR", "/api/v2/apps/A/devicez/register", "/api/v2/appz/A/devices/register",
            "/api/v3/apps/A/devices/register", "/apx/v2/apps/A/devices/register",
        ] {
            let status = fake.send("POST", path, json: "{}").response.status
            XCTAssertTrue(status == 404 || status == 405, "\(path): \(status)")
        }
        let deep = "/" + Array(repeating: "a", count: 200).joined(separator: "/")
        XCTAssertEqual(fake.send("GET", deep).response.status, 404)
        XCTAssertEqual(fake.send("GET", "/").response.status, 404)
        // Every depth up to past the longest route, with an escape at the end: read by the decoding path, a 404.
        for depth in 0...12 {
            let path = "/" + Array(repeating: "x", count: depth).joined(separator: "/") + "/%41"
            XCTAssertEqual(fake.send("GET", path).response.status, 404, path)
        }
        // Repeated and trailing slashes split into the same segments.
        fake.send("PUT", "//TPNS/api/application/K//device/D/unregister/")
        XCTAssertEqual(fake.journal.entries.last?.route?.parameters, ["appKey": "K", "deviceId": "D"])
        let registered = fake.send(
            "POST", "/api/v2/apps/A/devices/register", json: #"{"udid":"u","platform":"ios"}"#)
        XCTAssertEqual(registered.response.status, 200)
        XCTAssertEqual(fake.journal.entries.last?.route?.parameters, ["app": "A"])
    }

    func test_route_servesBothPrefixes_whenTPNSPathHasNoPrefix() {
        let fake = PushFake()
        XCTAssertEqual(fake.tpnsRegister().response.status, 200)
        let exchange = fake.send(
            "POST", "/api/device/register",
            json: #"{"deviceId":"X","applicationKey":"k","applicationType":"AOS","deviceRegistrationId":"t"}"#)
        XCTAssertEqual(exchange.response.status, 200)
        XCTAssertEqual(fake.journal.entries.map(\.operation), [.register, .register])
    }

    func test_unknownRoute_answersVendorShaped404_whenUnderTPNSPrefix() {
        let fake = PushFake()
        let exchange = fake.send("GET", "/TPNS/api/nothing")
        XCTAssertEqual(exchange.response.status, 404)
        XCTAssertEqual(exchange.json?["success"], false)
        XCTAssertEqual(exchange.json?["errors"], [])
        XCTAssertNotNil(exchange.json?["message"]?.stringValue)
        XCTAssertEqual(fake.journal.entries.last?.isUnmatched, true)
        XCTAssertEqual(fake.journal.entries.last?.vendor, .tpns)
    }

    func test_unknownRoute_listsKnownRoutes_whenOutsideVendorPrefixes() {
        let fake = PushFake()
        let exchange = fake.send("GET", "/favicon.ico")
        XCTAssertEqual(exchange.response.status, 404)
        XCTAssertNotNil(exchange.json?["error"]?.stringValue)
        XCTAssertEqual(
            exchange.json?["knownRoutes"]?.arrayValue?.contains(.string("POST /TPNS/api/device/register")), true)
    }

    func test_knownPathWrongMethod_answers405WithAllow_whenMethodDiffers() {
        let fake = PushFake()
        let exchange = fake.send("GET", "/TPNS/api/device/register")
        XCTAssertEqual(exchange.response.status, 405)
        XCTAssertEqual(exchange.response.headers["Allow"], "POST")
        XCTAssertEqual(exchange.json?["success"], false)
        XCTAssertEqual(fake.journal.entries.last?.isUnmatched, true)
    }

    func test_everyResponse_carriesJSONAndNoStoreHeaders_whenAnswered() {
        let fake = PushFake()
        for exchange in [fake.tpnsRegister(), fake.send("GET", "/nope"), fake.send("POST", "/api/pushnotifications")] {
            XCTAssertEqual(exchange.response.headers["content-type"], "application/json; charset=utf-8")
            XCTAssertEqual(exchange.response.headers["cache-control"], "no-store")
        }
    }

    /// A match is a value: two requests on a route without parameters share one, and a match built by hand with the
    /// same fields equals it; any differing field makes another match. It prints its fields, not its storage.
    func test_routeMatch_equalsByFields_andPrintsThem() throws {
        let fake = PushFake()
        let first = try XCTUnwrap(fake.tpnsRegister().route)
        let second = try XCTUnwrap(fake.tpnsRegister(deviceId: "D2").route)
        XCTAssertEqual(first, second)
        let byHand = RouteMatch(
            vendor: first.vendor, operation: first.operation, parameters: [:], template: first.template)
        XCTAssertEqual(byHand, first)
        XCTAssertNotEqual(RouteMatch(vendor: .tpns, operation: .register, template: "/other"), first)
        XCTAssertNotEqual(
            RouteMatch(vendor: .tpns, operation: .register, parameters: ["a": "b"], template: first.template), first)
        XCTAssertNotEqual(
            RouteMatch(vendor: .twinPush, operation: .register, template: first.template), first)
        XCTAssertEqual(
            String(
                describing: RouteMatch(
                    vendor: .tpns, operation: .unregister, parameters: ["b": "2", "a": "1"],
                    template: "/t")),
            #"RouteMatch(vendor: tpns, operation: unregister, parameters: ["a": "1", "b": "2"], template: "/t")"#)
    }

    func test_parameter_readsEachDecodedParameterByItsBytes_onBothMatchPaths() throws {
        let fake = PushFake()
        // The raw path (no escapes) and the decoding path (escapes) both give the two parameters.
        for (path, app, device) in [
            ("/TPNS/api/application/app1/device/D-1/unregister", "app1", "D-1"),
            ("/TPNS/api/application/my%20app/device/D%2F1/unregister", "my app", "D/1"),
        ] {
            fake.send("PUT", path)
            let route = try XCTUnwrap(fake.journal.entries.last?.route)
            XCTAssertEqual(route.parameter("appKey"), app)
            XCTAssertEqual(route.parameter("deviceId"), device)
            XCTAssertNil(route.parameter("appkey"))
            XCTAssertNil(route.parameter("app"))
            XCTAssertEqual(route.parameters, ["appKey": app, "deviceId": device])
        }
        // Names are compared by their bytes: the Kelvin sign is not `K` (a dictionary would take it as `K`).
        let byHand = RouteMatch(
            vendor: .tpns, operation: .unregister, parameters: ["K": "ascii", "b": "", "a": "1"], template: "/t")
        XCTAssertEqual(byHand.parameter("K"), "ascii")
        XCTAssertNil(byHand.parameter("\u{212A}"))
        XCTAssertEqual(byHand.parameter("b"), "")
        XCTAssertEqual(byHand.parameter("a"), "1")
        XCTAssertNil(byHand.parameter("c"))
        XCTAssertEqual(byHand.parameters, ["K": "ascii", "b": "", "a": "1"])
        XCTAssertNil(RouteMatch(vendor: .tpns, operation: .register, template: "/t").parameter("K"))
    }

    /// A route with one parameter holds it without an array: on both match paths it reads back by name (bytes
    /// compared), equals a match built by hand, prints and journals as any other match.
    func test_match_ofARouteWithOneParameter_readsPrintsAndJournalsIt_onBothMatchPaths() throws {
        let fake = PushFake()
        for (path, app) in [
            ("/api/v2/apps/app1/devices/register", "app1"), ("/api/v2/apps/my%20app/devices/register", "my app"),
        ] {
            fake.send("POST", path, json: #"{"udid":"u","platform":"ios"}"#)
            let entry = try XCTUnwrap(fake.journal.entries.last)
            let route = try XCTUnwrap(entry.route)
            XCTAssertEqual(route.parameter("app"), app)
            XCTAssertNil(route.parameter("App"))
            XCTAssertNil(route.parameter("ap"))
            XCTAssertEqual(route.parameters, ["app": app])
            XCTAssertEqual(
                route,
                RouteMatch(
                    vendor: .twinPush, operation: route.operation, parameters: ["app": app], template: route.template))
            XCTAssertNotEqual(
                route,
                RouteMatch(
                    vendor: .twinPush, operation: route.operation, parameters: ["app": app + "x"],
                    template: route.template))
            XCTAssertTrue(String(describing: route).contains("parameters: [\"app\": \"\(app)\"]"), "\(route)")
            let line = fake.journal.jsonLines(of: [entry])
            XCTAssertTrue(line.contains(#""params":{"app":"\#(app)"}"#), line)
        }
    }

    /// A match keeps its parameters sorted by name, one per name (the last in the template), whatever the template's
    /// order: the journal lists them so, a lookup by name finds each, and the match equals one built by hand.
    func test_match_keepsParametersByName_whenTheTemplateOrdersThemOtherwise() throws {
        let fake = PushFake(vendors: try VendorRegistry.standard.adding(Ordered()))
        fake.send("POST", "/ordered/Z1/mid/A1/end/Z2", json: "{}")
        let entry = try XCTUnwrap(fake.journal.entries.last)
        XCTAssertEqual(entry.response.status, 200)
        let route = try XCTUnwrap(entry.route)
        XCTAssertEqual(route.parameter("zeta"), "Z2", "the last of a repeated name")
        XCTAssertEqual(route.parameter("alpha"), "A1")
        XCTAssertEqual(route.parameters, ["zeta": "Z2", "alpha": "A1"])
        XCTAssertEqual(
            route,
            RouteMatch(
                vendor: Ordered.name, operation: "ordered", parameters: ["alpha": "A1", "zeta": "Z2"],
                template: "/ordered/{zeta}/mid/{alpha}/end/{zeta}"))
        XCTAssertTrue(
            String(describing: route).contains(#"parameters: ["alpha": "A1", "zeta": "Z2"]"#), "\(route)")
        let line = fake.journal.jsonLines(of: [entry])
        XCTAssertTrue(line.contains(#""params":{"alpha":"A1","zeta":"Z2"}"#), line)
    }

    private struct Ordered: PushVendor {
        static let name = Vendor("ordered")
        var vendor: Vendor { Self.name }
        var displayName: String { "Ordered" }
        var pathPrefixes: [String] { ["/ordered"] }
        var routes: [VendorRoute<Int>] {
            [VendorRoute("POST", "/ordered/{zeta}/mid/{alpha}/end/{zeta}", "ordered") { _, _, _ in .json(200, [:]) }]
        }
        func makeState(_ configuration: PushFakeConfiguration) -> Int { 0 }
    }
}
