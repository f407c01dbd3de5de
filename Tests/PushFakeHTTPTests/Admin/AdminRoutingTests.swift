import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The admin API dispatches on its one route table: strict query parameters, 404/405 in its own shape, tolerant
/// slashes, the OpenAPI document listing every route, and the access rule applied to real connections.
final class AdminRoutingTests: ServerTestCase {
    func test_slashes_areCollapsedForAdminRoutes_asForVendorRoutes() async throws {
        for path in ["//__pushfake//health/", "/__pushfake/health/", "/__pushfake///health"] {
            let response = try await request("GET", path)
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.body?["status"], "ok", path)
        }
    }

    func test_queryParameters_areStrict_unknownMisspelledOrBadValuesAre400() async throws {
        let cases: [(String, String)] = [
            ("/__pushfake/journal?vendr=tpns", "unknown query parameter vendr for GET /__pushfake/journal; use vendor"),
            ("/__pushfake/journal?since=abc", "since must be a whole number in 0..."),
            ("/__pushfake/journal?since=99999999999999999999999", "since must be a whole number"),
            ("/__pushfake/journal?unmatched=maybe", "unmatched must be one of true, false, not maybe"),
            ("/__pushfake/journal?format=xml", "format must be one of json, jsonl, har, not xml"),
            ("/__pushfake/journal?since=1&since=2", "query parameter since is given more than once"),
            (
                "/__pushfake/health?verbose=1",
                "unknown query parameter verbose for GET /__pushfake/health; it takes none"
            ),
        ]
        for (path, message) in cases {
            let response = try await request("GET", path)
            XCTAssertEqual(response.status, 400, path)
            XCTAssertTrue(
                response.body?["error"]?.stringValue?.hasPrefix(message) == true, "\(path): \(response.body ?? .null)")
        }
    }

    func test_unknownAdminRoute_is404WithTheRouteList_andWrongMethod405WithAllow() async throws {
        let missing = try await request("GET", "/__pushfake/nothing")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.body?["knownRoutes"]?.arrayValue?.count, AdminOperations.all.map(\.route).count)
        let wrong = try await request("PUT", "/__pushfake/journal")
        XCTAssertEqual(wrong.status, 405)
        XCTAssertEqual(wrong.headers["Allow"], "GET, DELETE")
        XCTAssertTrue(fake.journal.entries.isEmpty, "admin calls are not vendor traffic")
    }

    func test_openAPIDocument_describesEveryRouteOfTheTable() async throws {
        let response = try await request("GET", "/__pushfake/openapi.json")
        XCTAssertEqual(response.status, 200)
        let document = try XCTUnwrap(response.body)
        XCTAssertEqual(document["openapi"], "3.1.0")
        for route in AdminOperations.all.map(\.route) {
            let item = document["paths"]?[AdminOperations.prefix + route.path]?[route.method.lowercased()]
            XCTAssertEqual(item?["operationId"]?.stringValue, route.id, route.display)
        }
        XCTAssertEqual(document["servers"]?[0]?["url"]?.stringValue, "http://127.0.0.1:\(port)")
    }

    func test_compareRecording_matchesTheJournal_andNamesTheDifference() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        let recording = fake.journal.jsonLines()
        let same = try await request(
            "POST", "/__pushfake/recordings/compare",
            json: JSON.object(["recording": .string(recording)]).serializedString())
        XCTAssertEqual(same.status, 200)
        XCTAssertEqual(same.body?["ok"], true)
        let changed = recording.replacingOccurrences(of: "abcd", with: "beef")
        let different = try await request(
            "POST", "/__pushfake/recordings/compare", json: changed, headers: ["Content-Type": "application/x-ndjson"])
        XCTAssertEqual(different.status, 409)
        XCTAssertTrue(different.body?["message"]?.stringValue?.contains("beef") == true, "\(different.body ?? .null)")
        let unknown = try await request(
            "POST", "/__pushfake/recordings/compare", json: #"{"recording":"","ignored":["time"]}"#)
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(unknown.body?["error"], "unknown field ignored; use recording, ignore, maxDifferences")
    }

    func test_compareRecording_namesExtraEntries_andListsAtMostMaxDifferences() async throws {
        // GIVEN a recording of one register, and three more since
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        let recording = fake.journal.jsonLines()
        for device in ["D7", "D8", "D9"] {
            let body = Self.registerBody.replacingOccurrences(
                of: #""deviceId":"[^"]*""#, with: #""deviceId":"\#(device)""#, options: .regularExpression)
            _ = try await request("POST", "/TPNS/api/device/register", json: body)
        }
        // WHEN compared with at most two differences listed, in the body and in the query
        let body = try await request(
            "POST", "/__pushfake/recordings/compare",
            json: JSON.object(["recording": .string(recording), "maxDifferences": 2]).serializedString())
        let query = try await request(
            "POST", "/__pushfake/recordings/compare?maxDifferences=2", json: recording,
            headers: ["Content-Type": "application/x-ndjson"])
        // THEN both name the first two extra registers, count the third, and say so as JSON too
        for answer in [body, query] {
            XCTAssertEqual(answer.status, 409)
            let message = try XCTUnwrap(answer.body?["message"]?.stringValue)
            XCTAssertTrue(message.contains("current entry 2 (tpns.register app=testApp device=D7, POST"), message)
            XCTAssertFalse(message.contains("device=D9"), message)
            XCTAssertTrue(
                message.contains("… 1 more difference left out after the first 2, 1 more entry not listed"), message)
            XCTAssertEqual(answer.body?["comparison"]?["omittedDifferences"], 1)
            XCTAssertEqual(answer.body?["comparison"]?["entries"]?[1]?["kind"], "onlyCurrent")
        }
        // AND a limit out of range is refused, naming it
        for bad in [#"{"recording":"","maxDifferences":0}"#, #"{"recording":"","maxDifferences":1.5}"#] {
            let refused = try await request("POST", "/__pushfake/recordings/compare", json: bad)
            XCTAssertEqual(refused.status, 400, bad)
            XCTAssertTrue(refused.body?["error"]?.stringValue?.hasPrefix("maxDifferences must be") == true, bad)
        }
        let badQuery = try await request("POST", "/__pushfake/recordings/compare?maxDifferences=-1", json: "{}")
        XCTAssertEqual(badQuery.status, 400)
    }

    func test_crossSitePost_isRefused_andNoCORSHeadersAreSent() async throws {
        let crossSite = try await request(
            "POST", "/__pushfake/reset", json: "{}", headers: ["Origin": "http://evil.example"])
        XCTAssertEqual(crossSite.status, 403)
        let textPlain = try await request(
            "POST", "/__pushfake/faults", json: #"{"fault":{"status":503}}"#, headers: ["Content-Type": "text/plain"])
        XCTAssertEqual(textPlain.status, 403)
        XCTAssertTrue(fake.faultRules.isEmpty)
        let preflight = try await request(
            "OPTIONS", "/__pushfake/faults", headers: ["Origin": "http://evil.example"])
        XCTAssertNil(preflight.headers["Access-Control-Allow-Origin"])
    }

    func test_hostRule_refusesARebindingName_overARealConnection() throws {
        let client = try LoopbackHTTPClient(port: port)
        client.send("GET /__pushfake/journal HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 403)
        XCTAssertTrue(String(decoding: response.body, as: UTF8.self).contains("attacker.example"))
    }

    func test_token_isRequired_whenConfigured() async throws {
        server.stop()
        try startServer { $0.adminAccess = AdminAccess(token: "t0k") }
        let without = try await request("GET", "/__pushfake/journal")
        XCTAssertEqual(without.status, 403)
        let with = try await request("GET", "/__pushfake/journal", headers: ["Authorization": "Bearer t0k"])
        XCTAssertEqual(with.status, 200)
        let vendor = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(vendor.status, 200, "vendor routes stay open")
    }
}
