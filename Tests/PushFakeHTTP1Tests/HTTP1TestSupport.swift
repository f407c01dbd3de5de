import PushFakeHTTP1
import XCTest

/// The bytes of an ASCII/UTF-8 string; `\r\n` written out in the literal.
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// Feeds `chunks` one `append` at a time, draining `next()` after each, and returns every event except
/// `.needMoreData`. Stops at the first error, after checking that the error is sticky.
func events(
    feeding chunks: [[UInt8]],
    limits: HTTP1Parser.Limits = HTTP1Parser.Limits(),
    file: StaticString = #filePath,
    line: UInt = #line
) -> [HTTP1ParserEvent] {
    var parser = HTTP1Parser(limits: limits)
    var result: [HTTP1ParserEvent] = []
    for chunk in chunks {
        parser.append(chunk)
        while true {
            let event = parser.next()
            switch event {
            case .needMoreData:
                break
            case .error:
                result.append(event)
                XCTAssertEqual(parser.next(), event, "error must be sticky", file: file, line: line)
                return result
            case .request, .continueExpected:
                result.append(event)
                continue
            }
            break
        }
    }
    return result
}

/// The events for `input` fed in one piece.
func events(_ input: String, limits: HTTP1Parser.Limits = HTTP1Parser.Limits()) -> [HTTP1ParserEvent] {
    events(feeding: [bytes(input)], limits: limits)
}

/// The single request parsed from `input`, failing the test otherwise.
func parseOne(_ input: String, file: StaticString = #filePath, line: UInt = #line) -> HTTP1Request? {
    let result = events(input)
    guard result.count == 1, case .request(let request) = result[0] else {
        XCTFail("expected one request, got \(result)", file: file, line: line)
        return nil
    }
    return request
}

/// Asserts that `input` fails with `status`, and returns the reason.
@discardableResult
func assertParseError(
    _ input: String,
    status: Int,
    limits: HTTP1Parser.Limits = HTTP1Parser.Limits(),
    file: StaticString = #filePath,
    line: UInt = #line
) -> String? {
    let result = events(input, limits: limits)
    guard case .error(let error)? = result.last else {
        XCTFail("expected error \(status), got \(result)", file: file, line: line)
        return nil
    }
    XCTAssertEqual(error.status, status, "reason: \(error.reason)", file: file, line: line)
    XCTAssertFalse(
        result.dropLast().contains { if case .request = $0 { true } else { false } },
        "no request expected before the error", file: file, line: line)
    return error.reason
}

/// The events without `.continueExpected`, which legitimately depends on how the input was split.
func withoutContinue(_ events: [HTTP1ParserEvent]) -> [HTTP1ParserEvent] {
    events.filter { $0 != .continueExpected }
}

/// Writes a request the way a client would: Content-Length, or chunked when `chunkSizes` is given.
func encode(_ request: HTTP1Request, chunkSizes: [Int]? = nil) -> [UInt8] {
    var output = bytes("\(request.method) \(request.target) \(request.version)\r\n")
    for field in request.headers {
        output += bytes("\(field.name): \(field.value)\r\n")
    }
    output += bytes("\r\n")
    guard let sizes = chunkSizes else { return output + request.body }
    var offset = 0
    for size in sizes where size > 0 {
        output += bytes(String(size, radix: 16) + "\r\n") + request.body[offset..<offset + size] + bytes("\r\n")
        offset += size
    }
    return output + bytes("0\r\n\r\n")
}
