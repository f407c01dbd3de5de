import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

final class ServerProtocolTests: ServerTestCase {
    func test_register_answers200_whenSentThroughURLSession() async throws {
        let response = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body?["deviceId"], "D1")
        XCTAssertEqual(response.headers["Content-Type"] as? String, "application/json; charset=utf-8")
        XCTAssertEqual(fake.journal.entries.first?.request.transport, .http)
    }

    func test_keepAlive_servesSequentialAndPipelinedRequests_whenOneConnection() throws {
        let client = try LoopbackHTTPClient(port: port)
        client.send(Self.registerRequest())
        XCTAssertEqual(client.readResponse()?.status, 200)
        client.send(Self.registerRequest() + "GET /nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + Self.registerRequest())
        XCTAssertEqual(
            [client.readResponse()?.status, client.readResponse()?.status, client.readResponse()?.status],
            [200, 404, 200])
        XCTAssertEqual(fake.journal.entries.map(\.sequence), [1, 2, 3, 4])
    }

    func test_connectionClose_closesAfterResponse_whenRequested() throws {
        let client = try LoopbackHTTPClient(port: port)
        client.send(Self.registerRequest(connection: "close"))
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.headers["Connection"], "close")
        XCTAssertTrue(client.isClosedByPeer())
    }

    func test_chunkedBody_isDecoded_whenTransferEncodingChunked() throws {
        let body = Array(Self.registerBody.utf8)
        let first = String(decoding: body[0..<10], as: UTF8.self)
        let rest = String(decoding: body[10...], as: UTF8.self)
        let client = try LoopbackHTTPClient(port: port)
        client.send(
            "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "a\r\n\(first)\r\n\(String(rest.utf8.count, radix: 16))\r\n\(rest)\r\n0\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.json?["deviceId"], "D1")
        XCTAssertEqual(fake.journal.entries.first?.request.body, body)
    }

    func test_expectContinue_sends100BeforeBody_whenClientWaits() throws {
        let client = try LoopbackHTTPClient(port: port)
        client.send(
            "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n"
                + "Content-Length: \(Self.registerBody.utf8.count)\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.status, 100)
        client.send(Self.registerBody)
        XCTAssertEqual(client.readResponse()?.status, 200)
    }

    func test_head_sendsHeadersWithoutBody_whenHEADRequested() throws {
        let client = try LoopbackHTTPClient(port: port)
        client.send(
            "HEAD /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        )
        let head = try XCTUnwrap(client.readResponse(head: true))
        let body =
            #"{"status":"ok","journal":{"entries":0,"bytes":0,"limit":null,"dropped":0},"#
            + #""connections":{"open":1,"max":\#(server.connectionCounts.max),"refused":0,"evicted":0,"broken":0}}"#
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["Content-Length"], String(body.utf8.count))
        XCTAssertEqual(client.readResponse()?.text, body, "the HEAD response carried no body bytes")
    }

    func test_headerNames_areCaseInsensitive_whenLowercaseSent() throws {
        let client = try LoopbackHTTPClient(port: port)
        client.send(
            "POST /TPNS/api/device/register HTTP/1.1\r\nhost: x\r\ncontent-length: \(Self.registerBody.utf8.count)\r\n"
                + "CONTENT-type: application/json\r\n\r\n\(Self.registerBody)")
        XCTAssertEqual(client.readResponse()?.status, 200)
        XCTAssertEqual(fake.journal.entries.first?.request.headers["Content-Type"], "application/json")
    }

    func test_fiveHundredTwelveConnections_areServedConcurrently_whenOpenAtOnce() throws {
        // Both ends live in this process: 1,024 descriptors plus headroom (macOS starts with a soft limit of 256).
        let limit = DescriptorLimit.raise(toAtLeast: 1_200)
        try XCTSkipIf(limit < 1_200, "the open-file limit is \(limit) and cannot be raised to 1,200 here")
        // The default connection cap follows the limit as it is when the server starts: start again under the new one.
        Self.stopWithWatchdog(server)
        try startServer()
        let clients = try (0..<512).map { _ in try LoopbackHTTPClient(port: port) }
        for (index, client) in clients.enumerated() {
            client.send(
                "PUT /TPNS/api/application/k/device/d\(index)/unregister HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"
            )
        }
        let statuses = clients.map { $0.readResponse()?.status }
        XCTAssertEqual(statuses.filter { $0 == 200 }.count, 512)
        XCTAssertEqual(fake.journal.count, 512)
    }

    func test_clientHangingUpMidResponse_doesNotKillServer_whenResponseDelayed() throws {
        fake.inject(.delay(0.2), when: .tpns(.pushNotifications), scope: .always)
        for _ in 0..<3 {
            let client = try LoopbackHTTPClient(port: port)
            client.send("POST /api/pushnotifications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n[]")
        }
        Thread.sleep(forTimeInterval: 0.5)
        let client = try LoopbackHTTPClient(port: port)
        client.send(Self.registerRequest())
        XCTAssertEqual(client.readResponse()?.status, 200)
    }
}
