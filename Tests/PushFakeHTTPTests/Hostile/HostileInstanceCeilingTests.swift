import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// The server's limits bound its instances too: the journal limit is a ceiling an instance may lower, never raise
/// (asking for more, or for none, gets the ceiling), and ``ServerConfiguration/maxInstances`` bounds their number.
final class HostileInstanceCeilingTests: HostileTestCase {
    override func setUpWithError() throws {
        try startServer(PushFakeConfiguration(journalLimit: 10)) { configuration in
            Self.configureSmall(&configuration)
            configuration.maxInstances = 3
        }
    }

    private func post(_ path: String, _ body: String = "") -> LoopbackHTTPClient.Response? {
        try? LoopbackHTTPClient.exchange(port: port, "POST", path, body: body, receiveTimeout: 20)
    }

    private func json(_ response: LoopbackHTTPClient.Response?) -> JSON? {
        response.flatMap { try? JSON.parse($0.body) }
    }

    func test_instanceJournal_isBoundedByTheServersLimit_whenItAsksForNoneOrMore() throws {
        var limits: [String: JSON?] = [:]
        for (name, body) in [("none", "{}"), ("more", #"{"journalLimit":50}"#), ("less", #"{"journalLimit":4}"#)] {
            let created = post("/__pushfake/instances", body)
            XCTAssertEqual(created?.status, 201, name)
            let id = try XCTUnwrap(json(created)?["id"]?.stringValue, name)
            limits[name] = json(created)?["journalLimit"]
            for _ in 0..<50 {
                XCTAssertEqual(post("/i/\(id)/TPNS/api/device/register", ServerTestCase.registerBody)?.status, 200)
            }
            let engine = try XCTUnwrap(server.instances.engine(id))
            XCTAssertEqual(engine.journal.entries.count, name == "less" ? 4 : 10, name)
            XCTAssertEqual(engine.journal.totalCount, 50, name)
        }
        XCTAssertEqual(limits, ["none": .int(10), "more": .int(10), "less": .int(4)])
        assertServed("after 150 instance requests")
    }

    func test_instances_areRefused503_pastMaxInstances() throws {
        for _ in 0..<3 { XCTAssertEqual(post("/__pushfake/instances")?.status, 201) }

        let refused = post("/__pushfake/instances")

        XCTAssertEqual(refused?.status, 503)
        XCTAssertTrue(
            json(refused)?["error"]?.stringValue?.hasPrefix("3 instances are live, the most this server allows")
                == true,
            String(decoding: refused?.body ?? [], as: UTF8.self))
        XCTAssertEqual(server.instances.all.count, 3)
        XCTAssertEqual(post("/__pushfake/instances")?.status, 503)
    }

    func test_noInstances_whenMaxInstancesIsZero() throws {
        try restart { $0.maxInstances = 0 }
        let refused = post("/__pushfake/instances")
        XCTAssertEqual(refused?.status, 503)
        XCTAssertTrue(json(refused)?["error"]?.stringValue?.contains("--max-instances 0") == true)
    }
}
