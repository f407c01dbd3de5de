import PushFakeCore
import PushFakeHTTP
import PushFakeHTTP1
import PushFakeTestSupport
import XCTest

/// One table of reason phrases (``HTTP1Status``): the status line, the HAR export and the registry agree.
final class ReasonPhraseTests: ServerTestCase {
    /// IANA's HTTP Status Code Registry, copied here by hand so that the table is checked against a second source.
    private static let iana: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints", 200: "OK",
        201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
        401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict",
        410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
        421: "Misdirected Request", 422: "Unprocessable Content", 423: "Locked", 424: "Failed Dependency",
        425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons", 500: "Internal Server Error",
        501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        505: "HTTP Version Not Supported", 506: "Variant Also Negotiates", 507: "Insufficient Storage",
        508: "Loop Detected", 510: "Not Extended", 511: "Network Authentication Required",
    ]

    private func statusLineReason(_ bytes: [UInt8]) -> String {
        let line = String(decoding: bytes.prefix { $0 != 0x0D }, as: UTF8.self)
        return line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).dropFirst(2).first
            .map(String.init) ?? ""
    }

    func test_reasonPhrase_isIANAs_whenTheStatusIsRegistered() {
        for status in 100...599 {
            XCTAssertEqual(
                HTTP1Status.reasonPhrase(for: status), Self.iana[status] ?? "Status \(status)", "status \(status)")
        }
    }

    func test_statusLineAndHAR_agreeWithTheTable_forEveryStatusAFaultCanSend() {
        // GIVEN every status a fault rule may answer with (Fault.statusRange), each answered once
        let engine = PushFake()
        for status in Fault.statusRange {
            engine.inject(.status(status), when: .any, scope: .once)
        }
        for _ in Fault.statusRange {
            _ = engine.handle(FakeRequest(method: "GET", target: "/nowhere"))
        }
        let entries = engine.journal.entries
        let har = Journal.har(entries)["log"]?["entries"]?.arrayValue ?? []
        XCTAssertEqual(har.count, Fault.statusRange.count)

        for (entry, harEntry) in zip(entries, har) {
            let status = entry.response.status
            // THEN the serializer's status line, the HAR export and the table name it alike
            let wire = statusLineReason(entry.response.serialized(keepAlive: true))
            XCTAssertEqual(wire, HTTP1Status.reasonPhrase(for: status), "status line of \(status)")
            XCTAssertEqual(harEntry["response"]?["statusText"]?.stringValue, wire, "HAR statusText of \(status)")
        }
    }

    func test_dashboardRedirect_saysPermanentRedirect_onTheWire() throws {
        let connection = try RawConnection(port: port)
        connection.send("GET /__pushfake HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")

        let (bytes, _) = connection.readUntil { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }

        XCTAssertTrue(
            String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 308 Permanent Redirect\r\n"),
            String(decoding: bytes, as: UTF8.self))
    }
}
