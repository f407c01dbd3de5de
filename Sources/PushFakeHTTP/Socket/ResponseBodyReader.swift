import PushFakeCore

/// Undoes the framing of a response body fed a piece at a time — chunked, a `Content-Length`, or up to the close —
/// without holding a chunk whole: `pushfake tail` reads an endless event stream this way, and replay and the upstream
/// proxy read plain-HTTP answers this way (RFC 9112 §6.3, §7.1).
package struct ResponseBodyReader: Sendable {
    /// How the body ends.
    package enum Framing: Sendable, Equatable {
        case chunked
        case length(Int)
        case untilClose
    }

    /// Why the body cannot be read on.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    private enum State: Sendable, Equatable {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
        case done
    }

    package let framing: Framing
    private var state: State
    /// The line being read (a chunk size or a trailer), at most ``maximumLineBytes``.
    private var line: [UInt8] = []
    private static let maximumLineBytes = 4_096

    /// The framing of a response with these headers: chunked when `Transfer-Encoding` ends with `chunked`, else
    /// `Content-Length`, else up to the close.
    package init(headers: HTTPHeaders) throws(Failure) {
        if let coding = headers["Transfer-Encoding"] {
            guard coding.lowercased().split(separator: ",").last?.trimmedOfSpaces == "chunked" else {
                throw Failure(description: "the body's Transfer-Encoding \(coding) is not chunked")
            }
            framing = .chunked
        } else if let text = headers["Content-Length"] {
            guard let length = Int(text.trimmedOfSpaces), length >= 0 else {
                throw Failure(description: "the body's Content-Length \(text) is not a length")
            }
            framing = .length(length)
        } else {
            framing = .untilClose
        }
        switch framing {
        case .chunked: state = .size
        case .length(let length): state = length == 0 ? .done : .data(remaining: length)
        case .untilClose: state = .data(remaining: Int.max)
        }
    }

    /// Whether the body has ended (its last chunk, or its length, was read).
    package var isComplete: Bool { state == .done }

    /// The body bytes in `bytes`; bytes after the body's end are ignored.
    package mutating func decode(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            switch state {
            case .done:
                return output
            case .data(let remaining):
                let count = min(remaining, bytes.count &- index)
                output += bytes[index..<(index &+ count)]
                index &+= count
                if framing == .untilClose { continue }
                let left = remaining &- count
                state = left > 0 ? .data(remaining: left) : (framing == .chunked ? .dataEnd : .done)
            case .size, .dataEnd, .trailers:
                guard let text = try readLine(bytes, &index) else { continue }
                try endLine(text)
            }
        }
        return output
    }

    /// The next line when `bytes` complete it, consuming it; `nil` when more bytes are needed.
    private mutating func readLine(_ bytes: [UInt8], _ index: inout Int) throws(Failure) -> String? {
        while index < bytes.count {
            let byte = bytes[index]
            index &+= 1
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                defer { line = [] }
                return String(decoding: line, as: UTF8.self)
            }
            line.append(byte)
            guard line.count <= Self.maximumLineBytes else {
                throw Failure(description: "a chunk-size or trailer line passed \(Self.maximumLineBytes) bytes")
            }
        }
        return nil
    }

    private mutating func endLine(_ text: String) throws(Failure) {
        switch state {
        case .size:
            let digits = text.prefix { $0 != ";" }.trimmedOfSpaces
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), let size = Int(digits, radix: 16) else {
                throw Failure(description: "\(text.prefix(64)) is not a chunk size")
            }
            state = size == 0 ? .trailers : .data(remaining: size)
        case .dataEnd:
            guard text.isEmpty else { throw Failure(description: "a chunk does not end with CRLF") }
            state = .size
        case .trailers:
            if text.isEmpty { state = .done }
        case .data, .done:
            break
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmedOfSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
