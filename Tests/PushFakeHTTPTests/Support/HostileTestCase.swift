import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// A live server with small limits and timeouts for hostile-client tests (Tests/PushFakeHTTPTests/Hostile), and
/// the check every such test makes: a well-behaved client is still served.
class HostileTestCase: ServerTestCase {
    /// The limits the hostile tests run against: small, so a test needs few bytes and little time.
    static func configureSmall(_ configuration: inout ServerConfiguration) {
        configuration.maxHeadBytes = 4_096
        configuration.maxBodyBytes = 16_384
        configuration.requestTimeout = 0.5
        configuration.idleTimeout = 30
    }

    override func setUpWithError() throws {
        try startServer { Self.configureSmall(&$0) }
    }

    /// Restarts the server with the small limits plus `configure`.
    func restart(_ configure: (inout ServerConfiguration) -> Void) throws {
        Self.stopWithWatchdog(server)
        try startServer {
            Self.configureSmall(&$0)
            configure(&$0)
        }
    }

    /// A fresh, well-behaved client registers a device and reads health: both answered 200.
    func assertServed(_ when: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let client = try? LoopbackHTTPClient(port: port, receiveTimeout: 20) else {
            return XCTFail("a well-behaved client cannot connect \(when)", file: file, line: line)
        }
        client.send(Self.registerRequest())
        XCTAssertEqual(client.readResponse()?.status, 200, "register \(when)", file: file, line: line)
        XCTAssertEqual(
            client.request("GET", "/__pushfake/health")?.status, 200, "health \(when)", file: file, line: line)
    }

    /// Sends `bytes`, checks a well-behaved client is served meanwhile, then reads the hostile client's answer to
    /// the end (the server closes after a rejection) and checks again.
    func answer(to bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> RawAnswer {
        let hostile = try RawConnection(port: port)
        hostile.send(bytes)
        assertServed("while a hostile client is connected", file: file, line: line)
        let (received, ending) = hostile.readToEnd()
        assertServed("after a hostile client", file: file, line: line)
        return RawAnswer(bytes: received, ending: ending)
    }

    func answer(to text: String, file: StaticString = #filePath, line: UInt = #line) throws -> RawAnswer {
        try answer(to: Array(text.utf8), file: file, line: line)
    }

}

/// What a hostile client got back: the bytes, and whether the server closed the connection after them.
struct RawAnswer {
    var bytes: [UInt8]
    var ending: RawConnection.Read

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The status code of the first response, if any.
    var status: Int? {
        let line = text.prefix { $0 != "\r" }
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return nil }
        return Int(parts[1])
    }

    /// The JSON body of the first (and only) response.
    var json: JSON? {
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        return try? JSON.parse(Array(text[end.upperBound...].utf8))
    }

    var closedByServer: Bool { ending == .closed }
}

extension RawConnection {
    /// One whole `Content-Length` answer (head and body), read as it comes; `nil` when the connection ends or goes
    /// silent first.
    func readAnswer() -> RawAnswer? {
        var received: [UInt8] = []
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let headBytes = text[..<end.upperBound].utf8.count
                if received.count >= headBytes + length { return RawAnswer(bytes: received, ending: .silent) }
            }
            guard case .bytes(let more) = read() else { return nil }
            received += more
        }
    }
}
