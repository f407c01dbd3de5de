import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Isolated instances on one server: each its own engine under `/i/{id}/…`, sharing nothing.
final class InstanceTests: ServerTestCase {
    private func create() async throws -> (id: String, urls: JSON) {
        let created = try await request("POST", "/__pushfake/instances")
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.body?["id"]?.stringValue)
        return (id, try XCTUnwrap(created.body?["urls"]))
    }

    func test_create_answersIdAndURLs_underThePrefix() async throws {
        let (id, urls) = try await create()
        let base = "http://127.0.0.1:\(port)/i/\(id)"
        XCTAssertEqual(urls["base"]?.stringValue, base)
        XCTAssertEqual(urls["tpns"]?.stringValue, base + "/TPNS")
        XCTAssertEqual(urls["twinpush"]?.stringValue, base + "/api/v2")
        XCTAssertEqual(urls["admin"]?.stringValue, base + "/__pushfake")
        let listed = try await request("GET", "/__pushfake/instances")
        XCTAssertEqual(listed.body?["instances"]?[0]?["id"]?.stringValue, id)
    }

    func test_instances_shareNothing_withEachOtherOrTheServer() async throws {
        let first = try await create().id
        let second = try await create().id
        _ = try await request("POST", "/i/\(first)/TPNS/api/device/register", json: Self.registerBody)
        _ = try await request(
            "POST", "/i/\(second)/__pushfake/faults", json: #"{"fault":{"status":503}}"#)
        let faulted = try await request("POST", "/i/\(second)/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(faulted.status, 503)
        _ = try await request("POST", "/i/\(second)/__pushfake/clock", json: #"{"advance":3600}"#)

        let firstJournal = try await request("GET", "/i/\(first)/__pushfake/journal")
        XCTAssertEqual(firstJournal.body?["count"], 1)
        XCTAssertEqual(firstJournal.body?["entries"]?[0]?["request"]?["path"], "/TPNS/api/device/register")
        XCTAssertEqual(firstJournal.body?["entries"]?[0]?["seq"], 1)
        let secondJournal = try await request("GET", "/i/\(second)/__pushfake/journal")
        XCTAssertEqual(secondJournal.body?["entries"]?[0]?["response"]?["status"], 503)
        let firstClock = try await request("GET", "/i/\(first)/__pushfake/clock")
        let secondClock = try await request("GET", "/i/\(second)/__pushfake/clock")
        XCTAssertEqual(firstClock.body?["now"], "2026-01-01T00:00:00.000Z")
        XCTAssertEqual(secondClock.body?["now"], "2026-01-01T01:00:00.000Z")
        XCTAssertTrue(fake.journal.entries.isEmpty, "the server's own engine saw none of it")
        XCTAssertTrue(fake.faultRules.isEmpty)
    }

    func test_delete_endsAnInstance_andItsURLsBecomeUnknownRoutes() async throws {
        let id = try await create().id
        let deleted = try await request("DELETE", "/__pushfake/instances/\(id)")
        XCTAssertEqual(deleted.status, 200)
        let again = try await request("DELETE", "/__pushfake/instances/\(id)")
        XCTAssertEqual(again.status, 404)
        let gone = try await request("POST", "/i/\(id)/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(gone.status, 404)
        XCTAssertEqual(fake.journal.entries.last?.isUnmatched, true, "journaled by the server as an unknown route")
    }

    func test_instanceManagement_isNotServedUnderAnInstance() async throws {
        let id = try await create().id
        let nested = try await request("POST", "/i/\(id)/__pushfake/instances")
        XCTAssertEqual(nested.status, 404)
    }
}
