import PushFakeCore
import XCTest

@testable import PushFakeHTTP

/// The CLI's client (``LoopbackHTTPClient``) reads answers of servers it does not control: a negative
/// `Content-Length` or a chunk size near `Int.max` ends the read with `nil` rather than trapping (issue 16).
final class LoopbackClientBoundaryTests: XCTestCase {
    private func answer(_ head: String) throws -> LoopbackHTTPClient.Response? {
        let (listener, port) = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let client = try LoopbackHTTPClient(port: port, receiveTimeout: 10)
        _ = listener.waitReadable(milliseconds: 10_000)
        guard case .connection(let peer) = listener.accept() else {
            XCTFail("no connection")
            return nil
        }
        defer { peer.close() }
        client.send("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertTrue(peer.sendAll(Array(head.utf8)))
        // Half-close: the client sees the end of the answer (`SHUT_WR`, as `close` would, without racing the read).
        _ = shutdown(peer.fd, SocketSystem.shutdownWrite)
        return client.readResponse()
    }

    func test_negativeContentLength_isNoAnswer() throws {
        XCTAssertNil(try answer("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n{}"))
        XCTAssertNil(try answer("HTTP/1.1 200 OK\r\nContent-Length: -9223372036854775808\r\n\r\n{}"))
    }

    func test_chunkSizeNearIntMax_isNoAnswer() throws {
        XCTAssertNil(try answer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\nabc"))
        XCTAssertNil(try answer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7ffffffffffffffe\r\nabc"))
        // A well-formed answer still reads.
        XCTAssertEqual(try answer("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")?.text, "{}")
    }
}
