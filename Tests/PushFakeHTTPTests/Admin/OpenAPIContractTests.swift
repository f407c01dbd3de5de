import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// What schemathesis found (scripts/check-openapi) and the fixes, pinned: the document says what the server does,
/// and the server does what the document says — empty query values, vendor names in any case, the errors each route
/// can answer, 409 for well-formed requests that clash with the state, nulls read as absent.
final class OpenAPIContractTests: ServerTestCase {
    private func openAPI() async throws -> JSON {
        let response = try await request("GET", "/__pushfake/openapi.json")
        return try XCTUnwrap(response.body)
    }

    func test_everyOperationDocumentsTheErrorsAnyRouteCanAnswer() async throws {
        let document = try await openAPI()
        let paths = try XCTUnwrap(document["paths"]?.objectValue)
        for path in paths.members {
            for operation in path.value.objectValue?.members ?? [] {
                for status in ["400", "403", "408", "413"] {
                    XCTAssertNotNil(operation.value["responses"]?[status], "\(operation.key) \(path.key) \(status)")
                }
            }
        }
        let events = try XCTUnwrap(paths["/__pushfake/events"]?["get"])
        XCTAssertEqual(
            events["parameters"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["since", "Last-Event-ID"])
        let sinceMinusOne = try await request("GET", "/__pushfake/events?since=-1")
        XCTAssertEqual(sinceMinusOne.status, 400)
    }

    func test_stringQueryValues_mustNotBeEmpty_onEveryRoute() async throws {
        let document = try await openAPI()
        for path in ["/__pushfake/journal?app=", "/__pushfake/deliveries?device=", "/__pushfake/devices?vendor="] {
            let response = try await request("GET", path)
            XCTAssertEqual(response.status, 400, path)
        }
        let deliveries = try XCTUnwrap(document["paths"]?["/__pushfake/deliveries"]?["get"]?["parameters"]?.arrayValue)
        // The text filters; `since` and `limit` are integers (minimum 0 and 1).
        let texts = deliveries.filter { $0["schema"]?["type"] == "string" }
        XCTAssertEqual(texts.compactMap { $0["name"]?.stringValue }, ["device", "notification", "app"])
        for parameter in texts {
            XCTAssertEqual(parameter["schema"]?["minLength"], 1, "\(parameter)")
        }
    }

    func test_vendorNames_areMatchedInAnyCase_byServerAndSchema() async throws {
        for path in [
            "/__pushfake/devices?vendor=TPNS", "/__pushfake/notifications?vendor=TwinPush",
            "/__pushfake/deliveries?vendor=TPNS", "/__pushfake/journal?vendor=twinpush&operation=openApp",
        ] {
            let response = try await request("GET", path)
            XCTAssertEqual(response.status, 200, path)
        }
        let devices = try await request("GET", "/__pushfake/devices?vendor=TPNS")
        XCTAssertNotNil(devices.body?["tpns"])
        let document = try await openAPI()
        let pattern = try XCTUnwrap(document["components"]?["schemas"]?["VendorName"]?["pattern"]?.stringValue)
        let regex = try NSRegularExpression(pattern: pattern)
        for (name, matches) in [("tpns", true), ("TwinPush", true), ("TPNS", true), ("tpn", false), ("apns", false)] {
            let found = regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
            XCTAssertEqual(found, matches, name)
        }
        // An operation of the other vendor is refused, and the query schema says which go together.
        let mismatch = try await request("GET", "/__pushfake/journal?vendor=twinPush&operation=unregister")
        XCTAssertEqual(mismatch.status, 400)
        let query = document["paths"]?["/__pushfake/journal"]?["get"]?["parameters"]?[0]
        XCTAssertEqual(query?["style"], "form")
        XCTAssertEqual(query?["explode"], true)
        XCTAssertEqual(query?["schema"]?["allOf"]?.arrayValue?.count, 2)
    }

    func test_clockMovesOutOfRange_are409_malformedOnes400() async throws {
        let far = try await request("POST", "/__pushfake/clock", json: #"{"advance": 253402300000}"#)
        XCTAssertEqual(far.status, 409, "\(far.body ?? .null)")
        let malformed = try await request("POST", "/__pushfake/clock", json: #"{"advance": "soon"}"#)
        XCTAssertEqual(malformed.status, 400)
        let both = try await request("POST", "/__pushfake/clock", json: #"{"advance": 60, "set": null}"#)
        XCTAssertEqual(both.status, 200, "null reads as absent, as the schema says")
        XCTAssertEqual(fake.now.pushFakeISO8601, "2026-01-01T00:01:00.000Z")
    }

    func test_apps_needABody_andAClashIs409() async throws {
        let empty = try await request("POST", "/__pushfake/apps", json: "")
        XCTAssertEqual(empty.status, 400)
        let app = #"{"twinPush":[{"id":"app1","apiToken":"a","creatorToken":"c"}]}"#
        let declared = try await request("POST", "/__pushfake/apps", json: app)
        XCTAssertEqual(declared.status, 200)
        let clash = try await request(
            "POST", "/__pushfake/apps", json: app.replacingOccurrences(of: "\"a\"", with: "\"b\""))
        XCTAssertEqual(clash.status, 409, "\(clash.body ?? .null)")
        let malformed = try await request("POST", "/__pushfake/apps", json: #"{"twinPush":[{"id":"app2"}]}"#)
        XCTAssertEqual(malformed.status, 400)
    }

    func test_instanceSeed_takesAnIntegralNumberWithAFraction_asJSONSchemaIntegersDo() async throws {
        let integral = try await request("POST", "/__pushfake/instances", json: #"{"seed": 844.0}"#)
        XCTAssertEqual(integral.status, 201, "\(integral.body ?? .null)")
        let fraction = try await request("POST", "/__pushfake/instances", json: #"{"seed": 844.5}"#)
        XCTAssertEqual(fraction.status, 400)
    }

    func test_faultSchema_listsTheVendorsFaultKeys_andTheServerAgrees() async throws {
        let document = try await openAPI()
        let variants = try XCTUnwrap(document["components"]?["schemas"]?["Fault"]?["oneOf"]?.arrayValue)
        let keys = variants.compactMap { $0["required"]?[0]?.stringValue }
        XCTAssertEqual(
            keys, ["tpnsError", "twinPushError", "twinPushError", "status", "drop", "malformedBody", "delay"])
        let cases: [(String, Int)] = [
            (#"{"fault":{"tpnsError":"registrationisalreadyinprogress"}}"#, 201),
            (#"{"fault":{"twinPushError":"InvalidToken","status":500}}"#, 400),
            (#"{"fault":{"twinPushError":"Mine","status":500,"message":null}}"#, 201),
            (#"{"match":{"status":null},"fault":{"drop":"response","delay":null}}"#, 201),
            (#"{"match":{"status":200},"fault":{"drop":"response"}}"#, 400),
        ]
        for (rule, status) in cases {
            let response = try await request("POST", "/__pushfake/faults", json: rule)
            XCTAssertEqual(response.status, status, "\(rule): \(response.body ?? .null)")
        }
    }

    func test_inputSchemas_comeFromTheWireDescriptions_thatReadTheInputs() async throws {
        let document = try await openAPI()
        let components = try XCTUnwrap(document["components"]?["schemas"])
        var schemas = WireSchemas(vendors: .standard)
        _ = schemas.schema(of: WaitRequest.self)
        _ = schemas.schema(of: FaultRuleSpec.self)
        _ = schemas.schema(of: DeliveryProblem.self)
        for name in [
            "Wait", "Matcher", "Count", "FaultRuleInput", "FaultMatcher", "Fault", "FaultScope", "DeliveryProblem",
        ] {
            XCTAssertEqual(components[name], schemas.components[name], name)
        }
        XCTAssertEqual(
            components["Wait"]?["properties"]?["timeout"]?["description"], "Seconds to wait at most (default 10).")
    }
}
