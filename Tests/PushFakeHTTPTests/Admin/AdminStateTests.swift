import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// State, apps, clock and instance configuration through the admin API.
final class AdminStateTests: ServerTestCase {
    func test_state_dumpLoadDump_isByteIdentical_onAnotherServer() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        _ = try await request("POST", "/__pushfake/faults", json: #"{"fault":{"status":503},"scope":{"times":2}}"#)
        _ = try await request("POST", "/__pushfake/clock", json: #"{"advance":60}"#)
        let dump = try await request("GET", "/__pushfake/state")
        let text = try XCTUnwrap(dump.body).serializedString()
        let other = PushFakeServer()
        try other.start()
        defer { other.stop() }
        let client = try LoopbackHTTPClient(port: other.port)
        let loaded = try XCTUnwrap(client.request("PUT", "/__pushfake/state", body: text))
        XCTAssertEqual(loaded.status, 200)
        // A summary of what was loaded, not the state itself (which can be megabytes).
        XCTAssertEqual(
            String(decoding: loaded.body, as: UTF8.self),
            #"{"loaded":true,"clock":{"mode":"fixed","now":"2026-01-01T00:01:00.000Z"},"#
                + #""vendors":{"tpns":{"apps":0,"devices":1,"notifications":0},"#
                + #""twinPush":{"apps":0,"devices":0,"notifications":0,"inboxItems":0}},"deliveries":0,"faults":1}"#)
        let again = try XCTUnwrap(client.request("GET", "/__pushfake/state"))
        XCTAssertEqual(String(decoding: again.body, as: UTF8.self), text)
    }

    func test_badStateDocument_changesNothing_andNamesThePath() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        let before = try await request("GET", "/__pushfake/state")
        let bad = try await request(
            "PUT", "/__pushfake/state", json: #"{"version":1,"clock":{"mode":"fixed","now":"2026-02-30T00:00:00Z"}}"#)
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.body?["error"]?.stringValue?.contains("clock.now") == true, "\(bad.body ?? .null)")
        let after = try await request("GET", "/__pushfake/state")
        XCTAssertEqual(after.body, before.body)
    }

    func test_apps_declaredAtRunTime_makeTheVendorStrict() async throws {
        let declared = try await request("POST", "/__pushfake/apps", json: #"{"tpns":["onlyThis"]}"#)
        XCTAssertEqual(declared.status, 200)
        XCTAssertEqual(declared.body?["tpns"], ["onlyThis"])
        let unknown = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(unknown.status, 422, "testApp is not declared")
        let typo = try await request("POST", "/__pushfake/apps", json: #"{"tpsn":["x"]}"#)
        XCTAssertEqual(typo.status, 400)
        XCTAssertTrue(typo.body?["error"]?.stringValue?.contains("tpsn") == true)
    }

    func test_clock_refusesImpossibleDatesAndHugeAdvances_andLeavesTheClockAlone() async throws {
        for body in [#"{"set":"2026-02-30T00:00:00Z"}"#, #"{"advance":1e16}"#, #"{"advance":-1e15}"#, #"{"warp":1}"#] {
            let answer = try await request("POST", "/__pushfake/clock", json: body)
            XCTAssertEqual(answer.status, 400, body)
        }
        let clock = try await request("GET", "/__pushfake/clock")
        XCTAssertEqual(clock.body?["now"], "2026-01-01T00:00:00.000Z")
    }

    func test_instance_takesItsConfiguration_strictly() async throws {
        let created = try await request(
            "POST", "/__pushfake/instances",
            json: #"{"seed":7,"clock":{"mode":"fixed","start":"2030-01-01T00:00:00Z"},"apps":{"tpns":["K"]}}"#)
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.body?["id"]?.stringValue)
        let clock = try await request("GET", "/i/\(id)/__pushfake/clock")
        XCTAssertEqual(clock.body?["now"], "2030-01-01T00:00:00.000Z")
        let apps = try await request("GET", "/i/\(id)/__pushfake/apps")
        XCTAssertEqual(apps.body?["tpns"], ["K"])
        let bad = try await request("POST", "/__pushfake/instances", json: #"{"sed":7}"#)
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.body?["error"]?.stringValue?.contains("sed") == true)
    }

    func test_journalQuery_refusesAnOperationTheVendorDoesNotHave() async throws {
        let typo = try await request("GET", "/__pushfake/journal?vendor=tpns&operation=regster")
        XCTAssertEqual(typo.status, 400)
        XCTAssertTrue(typo.body?["error"]?.stringValue?.contains("register") == true, "\(typo.body ?? .null)")
    }
}
