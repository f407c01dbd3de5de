import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Values that try to forge or garble log lines: a newline and a made-up request line in a fault's error type, ANSI
/// escapes, bidirectional overrides. Each log line stays one line, and the JSON log stays JSON that decodes to the
/// values as they were.
final class HostileLogInjectionTests: HostileTestCase {
    private let lines = Locked<[RequestLogLine]>([])
    private static let forged = "E\nPOST /forged -> 200 tpns.register #1\r\u{1B}[2K\u{202E}\u{7F}\u{85}\\n"

    override func setUpWithError() throws {
        try startServer { configuration in
            Self.configureSmall(&configuration)
            configuration.log = { [lines] line in lines.withLock { $0.append(line) } }
        }
    }

    private func post(_ path: String, _ body: String) throws -> RawAnswer {
        try answer(
            to: "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    func test_faultRule_isRefusedWith400NamingTheField_whenItsTwinPushErrorTypeIsNotAnIdentifier() throws {
        for name in ["E\\nPOST /forged -> 200 …", "Invalid Token", "1Error", "Bad\\u001b[2K", "Über", "a-b", ""] {
            let answer = try post("/__pushfake/faults", #"{"fault":{"twinPushError":"\#(name)"}}"#)

            XCTAssertEqual(answer.status, 400, name)
            let error = answer.json?["error"]?.stringValue ?? ""
            XCTAssertTrue(error.contains("fault.twinPushError"), "\(name): \(error)")
        }
        let tooLong = String(repeating: "A", count: TwinPushErrorType.maximumNameLength + 1)
        XCTAssertEqual(try post("/__pushfake/faults", #"{"fault":{"twinPushError":"\#(tooLong)"}}"#).status, 400)
        XCTAssertTrue(fake.faultRules.isEmpty)
        // An identifier of one's own is still a type (sent last: the rule would answer the next well-behaved client).
        let accepted = try RawConnection(port: port)
        let body = #"{"fault":{"twinPushError":"Quota_Exceeded2"}}"#
        accepted.send(
            "POST /__pushfake/faults HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)")
        XCTAssertTrue(String(decoding: accepted.readToEnd().bytes, as: UTF8.self).hasPrefix("HTTP/1.1 201 "))
        XCTAssertEqual(fake.faultRules.count, 1)
    }

    func test_faultRule_isRefusedWith400_whenATPNSErrorIsNotACode() throws {
        let answer = try post("/__pushfake/faults", #"{"fault":{"tpnsError":"-1001\nPOST /forged"}}"#)

        XCTAssertEqual(answer.status, 400)
        XCTAssertTrue(answer.json?["error"]?.stringValue?.contains("fault.tpnsError") == true, answer.text)
    }

    func test_requestLog_staysOneLinePerRequest_whenAFaultsErrorTypeHoldsControlCharacters() throws {
        // GIVEN a rule made through the Swift API, which takes any name, answering the next request
        fake.inject(.twinPushError(TwinPushErrorType(rawValue: Self.forged, status: 422)), when: .any)

        // WHEN a request meets it (alone: a well-behaved client's request would meet the rule too)
        let connection = try RawConnection(port: port)
        connection.send(ServerTestCase.registerRequest(connection: "close"))
        XCTAssertTrue(String(decoding: connection.readToEnd().bytes, as: UTF8.self).hasPrefix("HTTP/1.1 422 "))
        assertServed("after the faulted request")
        XCTAssertTrue(Wait.until { lines.withLock { $0.contains { $0.fault != nil } } })

        // THEN its text line is one line, with every control character escaped
        let line = try XCTUnwrap(lines.withLock { $0.first { $0.fault != nil } })
        let text = line.description
        XCTAssertFalse(text.unicodeScalars.contains { !LogText.isPrintable($0) }, text)
        XCTAssertTrue(text.contains(#"twinPushError(E\nPOST /forged -> 200 tpns.register #1\r\u{1B}[2K\u{202E}"#), text)
        XCTAssertTrue(text.contains(#"\u{7F}\u{85}\\n)"#), text)
        // AND its JSON line is valid, printable, and decodes to the values as they were
        let json = line.jsonLine
        XCTAssertFalse(json.unicodeScalars.contains { !LogText.isPrintable($0) }, json)
        XCTAssertEqual(try JSON.parse(Array(json.utf8)), line.jsonValue)
        XCTAssertTrue(line.fault?.contains(Self.forged) == true)
    }

    func test_logText_escapesEveryNonPrintableCharacter_andLeavesTheRestAlone() {
        XCTAssertEqual(LogText.escaped("GET /a?b=c -> 200"), "GET /a?b=c -> 200")
        XCTAssertEqual(LogText.escaped("café ☕ 東京"), "café ☕ 東京")
        XCTAssertEqual(LogText.escaped("a\\b"), #"a\\b"#)
        XCTAssertEqual(
            LogText.escaped("\u{0}\u{8}\u{1B}\u{9F}\u{200B}\u{2028}\u{2029}\u{FEFF}\u{E000}"),
            #"\u{0}\u{8}\u{1B}\u{9F}\u{200B}\u{2028}\u{2029}\u{FEFF}\u{E000}"#)
        let json = LogText.jsonLine(["v": .string("\u{1B}\u{202E}\u{1F600}\u{10FFFD}")])
        XCTAssertEqual(json, #"{"v":"\u001b\u202e😀\udbff\udffd"}"#)
        XCTAssertEqual(try JSON.parse(Array(json.utf8))["v"], .string("\u{1B}\u{202E}\u{1F600}\u{10FFFD}"))
    }
}
