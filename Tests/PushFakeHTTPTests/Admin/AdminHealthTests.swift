import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// `GET /__pushfake/health` reports the journal's size, from the engine's accounting.
final class AdminHealthTests: ServerTestCase {
    func test_health_reportsAnEmptyUnboundedJournal_whenNothingHappened() throws {
        let client = try LoopbackHTTPClient(port: port)
        let health = try XCTUnwrap(client.request("GET", "/__pushfake/health"))
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(
            health.text,
            #"{"status":"ok","journal":{"entries":0,"bytes":0,"limit":null,"dropped":0},"#
                + #""connections":{"open":1,"max":\#(server.connectionCounts.max),"refused":0,"evicted":0,"broken":0}}"#,
            "status first, then the journal")
    }

    func test_health_reportsEntriesBytesAndDrops_whenTheLimitIsReached() async throws {
        Self.stopWithWatchdog(server)
        try startServer(PushFakeConfiguration(journalLimit: 3))
        for _ in 0..<5 {
            let registered = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
            XCTAssertEqual(registered.status, 200)
        }
        let health = try await request("GET", "/__pushfake/health")
        let journal = try XCTUnwrap(health.body?["journal"])
        XCTAssertEqual(journal["entries"], 3)
        XCTAssertEqual(journal["limit"], 3)
        XCTAssertEqual(journal["dropped"], 2)
        XCTAssertEqual(journal["bytes"]?.intValue, fake.journalUsage.approximateBytes)
        let bytes = try XCTUnwrap(journal["bytes"]?.intValue)
        XCTAssertGreaterThan(bytes, 3 * 200, "three registers with their headers and bodies")
        XCTAssertLessThan(bytes, 3 * 1_000)
        XCTAssertTrue(fake.journal.entries.allSatisfy { !$0.request.path.hasPrefix("/__pushfake") })
    }

    func test_health_bytesGrowWithTheJournal_andDropOnClear() async throws {
        let empty = try await request("GET", "/__pushfake/health")
        XCTAssertEqual(empty.body?["journal"]?["bytes"], 0)
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        let one = try await request("GET", "/__pushfake/health")
        let bytes = try XCTUnwrap(one.body?["journal"]?["bytes"]?.intValue)
        XCTAssertGreaterThan(bytes, 0)
        _ = try await request("DELETE", "/__pushfake/journal")
        let cleared = try await request("GET", "/__pushfake/health")
        XCTAssertEqual(cleared.body?["journal"]?["entries"], 0)
        XCTAssertEqual(cleared.body?["journal"]?["bytes"], 0)
    }
}
