import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

final class ServerBadInputTests: ServerTestCase {
    func test_malformedRequest_answers400AndJournalsAndNextConnectionServed_whenGarbageSent() throws {
        let bad = try LoopbackHTTPClient(port: port)
        bad.send("THIS IS NOT HTTP\r\n\r\n")
        let response = try XCTUnwrap(bad.readResponse())
        XCTAssertEqual(response.status, 400)
        XCTAssertNotNil(response.json?["error"]?.stringValue)
        XCTAssertTrue(bad.isClosedByPeer())
        let entry = try XCTUnwrap(fake.journal.entries.last)
        XCTAssertTrue(entry.isUnmatched)
        XCTAssertEqual(entry.status, 400)
        XCTAssertTrue(entry.notes.first?.hasPrefix("malformed HTTP") ?? false)
        XCTAssertEqual(entry.request.body, Array("THIS IS NOT HTTP\r\n\r\n".utf8))

        let good = try LoopbackHTTPClient(port: port)
        good.send(Self.registerRequest())
        XCTAssertEqual(good.readResponse()?.status, 200)
    }

    func test_oversizedHead_answers431_whenHeadersExceed64KiB() throws {
        let client = try LoopbackHTTPClient(port: port)
        client.send(
            "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 70_000))\r\n\r\n"
        )
        XCTAssertEqual(client.readResponse()?.status, 431)
        XCTAssertEqual(fake.journal.entries.last?.status, 431)
    }

    func test_oversizedBody_answers413_whenOverConfiguredLimit() throws {
        server.stop()
        try startServer { $0.maxBodyBytes = 1024 }
        let client = try LoopbackHTTPClient(port: port)
        client.send("POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 413)
        XCTAssertNotNil(response.json?["error"])
    }

    func test_idleConnection_isClosed_whenIdleTimeoutPasses() throws {
        server.stop()
        try startServer { $0.idleTimeout = 0.3 }
        let client = try LoopbackHTTPClient(port: port)
        client.send(Self.registerRequest())
        XCTAssertEqual(client.readResponse()?.status, 200)
        XCTAssertTrue(client.isClosedByPeer(), "closed after 0.3 s idle (the read times out after 10 s otherwise)")
    }

    func test_slowRequest_answers408_whenHeadNotCompleteInTime() throws {
        server.stop()
        try startServer { $0.requestTimeout = 0.3 }
        let client = try LoopbackHTTPClient(port: port)
        client.send("POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(fake.journal.entries.last?.status, 408)
    }

    func test_invalidJSON_answersVendorShaped400_whenBodyBroken() async throws {
        let response = try await request("POST", "/TPNS/api/device/register", json: "{not json")
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.body?["success"], false)
        XCTAssertEqual(fake.journal.entries.last?.status, 400)
    }

    func test_dropConnectionFault_closesWithoutResponse_whenInjected() throws {
        fake.inject(.dropConnection, when: .tpns(.register))
        let client = try LoopbackHTTPClient(port: port)
        client.send(Self.registerRequest())
        XCTAssertNil(client.readResponse())
        XCTAssertEqual(fake.journal.entries.last?.outcome, .dropped)
    }

    func test_delayFault_holdsResponse_whenInjected() throws {
        fake.inject(.delay(0.5), when: .tpns(.register))
        let client = try LoopbackHTTPClient(port: port)
        let started = Date()
        client.send(Self.registerRequest())
        XCTAssertEqual(client.readResponse()?.status, 200)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.45)
    }
}
