import PushFakeCore
import XCTest

/// One JSON matcher form for fault rules, journal queries, verify and wait (issue 9).
final class RequestMatcherJSONTests: XCTestCase {
    private func error(_ json: JSON, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let matcher = try RequestMatcher(json: json)
            XCTFail("accepted \(json) as \(matcher)", file: file, line: line)
            return nil
        } catch {
            return error.description
        }
    }

    func test_jsonValue_roundTrips_forMatchersBuiltFromValues() throws {
        let matchers: [RequestMatcher] = [
            .any, .tpns(), .tpns(.register), .twinPush(.updateBadge).app("A").device("D"), .unmatchedRequests,
            .any.method("post").status(503).faulted(false),
            .vendor(.twinPush).header("X-Env", equals: "ci").header("Accept", .contains("json"))
                .header("X-Gone", .absent),
            .tpns(.pushNotifications).bodyField("[0].applicationKey", equals: "K")
                .bodyField("device.latitude", .equals(40.5)).bodyField("a", .equals(nil)).bodyField("b", .present)
                .bodyField("c", .contains("x")),
        ]
        for matcher in matchers {
            let json = try XCTUnwrap(matcher.jsonValue)
            XCTAssertEqual(try RequestMatcher(json: json), matcher, json.serializedString())
        }
        XCTAssertEqual(
            RequestMatcher.tpns(.register).header("X-Env", equals: "ci").jsonValue?.serializedString(),
            #"{"vendor":"tpns","operation":"register","headers":[{"name":"X-Env","equals":"ci"}]}"#)
        XCTAssertEqual(RequestMatcher.any.jsonValue, [:])
    }

    func test_jsonValue_isNil_whenAPredicateCannotBeExpressed() {
        let matcher = RequestMatcher.tpns().bodyField("x", .satisfies("is even") { _ in true })
        XCTAssertNil(matcher.jsonValue)
        XCTAssertFalse(matcher.isExpressibleAsJSON)
        // a fault rule's listing marks it instead, and the parser refuses that mark
        let fake = PushFake()
        fake.inject(.status(500), when: matcher)
        let listed = fake.faultRules[0].jsonValue["match"]
        XCTAssertEqual(listed?["bodyFields"]?[0], ["path": "x", "satisfies": "is even"])
        XCTAssertThrowsError(try RequestMatcher(json: listed ?? .null))
    }

    func test_parse_acceptsVendorNamesInAnyCase_andSingularForms() throws {
        let matcher = try RequestMatcher(
            json: [
                "vendor": "TwinPush", "operation": "updateBadge",
                "header": ["name": "X", "present": false], "body": [["path": "badge", "equals": 0]],
            ])
        XCTAssertEqual(matcher, .twinPush(.updateBadge).header("X", .absent).bodyField("badge", equals: 0))
        XCTAssertEqual(try RequestMatcher(json: ["operation": "createNotification"]).operation, .createNotification)
    }

    func test_parse_namesTheBadPart_andListsValidValues() {
        XCTAssertEqual(
            error(["vendor": "tpns", "operation": "regster"]),
            #"operation: "regster" is not a tpns operation; use register, unregister, pushNotifications"#)
        XCTAssertEqual(
            error(["vendor": "apns"]), #"vendor: "apns" is not a registered vendor; use tpns or twinPush"#)
        XCTAssertEqual(
            error(["operation": "nope"])?.hasPrefix(
                #"operation: "nope" is not an operation of any vendor; use register, unregister, pushNotifications, getBadge"#
            ), true)
        XCTAssertEqual(
            error(["vendor": "twinPush", "operation": "pushNotifications"])?.hasPrefix(
                #"operation: "pushNotifications" is not a twinPush operation; use register, getBadge"#), true)
        XCTAssertEqual(
            error(["colour": "red"]),
            "colour: is not a known field; use vendor, operation, app, device, method, status, faulted, unmatched, "
                + "header, headers, body or bodyFields")
        XCTAssertEqual(error(["status": 700]), "status: must be an integer from 100 to 599, not 700")
        XCTAssertEqual(error(["status": "200"]), #"status: must be an integer from 100 to 599, not "200""#)
        XCTAssertEqual(error(["faulted": "yes"]), #"faulted: must be true or false, not "yes""#)
        XCTAssertEqual(error(["unmatched": 1]), "unmatched: must be true or false, not 1")
        XCTAssertEqual(error(["app": 5]), "app: must be a string, not 5")
        XCTAssertEqual(error(["method": "GET /"]), #"method: must be an HTTP method such as GET or POST, not "GET /""#)
        XCTAssertEqual(
            error(["headers": [["name": "X"]]]),
            "headers[0]: needs exactly one of equals, contains, present or absent (got 0)")
        XCTAssertEqual(
            error(["headers": [["name": "X", "equals": 1]]]),
            "headers[0].equals: must be a string (header values are text), not 1")
        XCTAssertEqual(error(["body": ["equals": 1]]), "body.path: is required")
        XCTAssertEqual(
            error(["bodyFields": [["path": "a", "equals": 1, "absent": true]]]),
            "bodyFields[0]: needs exactly one of equals, contains, present or absent (got 2)")
        XCTAssertEqual(
            error(["bodyFields": [["path": "a", "matches": "x"]]]),
            "bodyFields[0].matches: is not a known field; use path, equals, contains, present or absent")
        XCTAssertEqual(error("tpns"), #"must be an object, not "tpns""#)
    }

    func test_registry_exposesOperationsAndFindsNamesIgnoringCase() {
        XCTAssertEqual(VendorRegistry.standard.operations(of: .tpns), [.register, .unregister, .pushNotifications])
        XCTAssertEqual(VendorRegistry.standard.operations(of: .twinPush).first, .register)
        XCTAssertEqual(VendorRegistry.standard.vendor(named: "TPNS"), .tpns)
        XCTAssertEqual(VendorRegistry.standard.vendor(named: "twinpush"), .twinPush)
        XCTAssertNil(VendorRegistry.standard.vendor(named: "apns"))
    }
}
