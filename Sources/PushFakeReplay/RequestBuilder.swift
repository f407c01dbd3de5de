import Foundation
import PushFakeCore

/// Turns a recorded request into the one to send: the base URL in front of the recorded path and query, the
/// recorded method, headers and body, with placeholders and learned ids substituted.
struct RequestBuilder: Sendable {
    /// The base URL without a trailing `/`.
    let base: String
    let secrets: [String: String]

    /// Headers URLSession sets itself or that belong to one connection, never replayed: `Host`, `Content-Length`,
    /// `Accept-Encoding` (URLSession decodes what it asked for) and the hop-by-hop ones.
    static let droppedHeaders: Set<String> = [
        "host", "content-length", "accept-encoding", "connection", "keep-alive", "proxy-connection",
        "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "expect",
    ]

    init(base: String, secrets: [String: String]) {
        var trimmed = base
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.base = trimmed
        self.secrets = secrets
    }

    func request(for exchange: RecordedExchange, ids: IDSubstitutions) -> ReplayRequest {
        // A secret goes back in the spelling its place needs: percent-encoded in the path and query (a recording
        // replaces a token however it was escaped there), JSON-escaped in a JSON body, as it is elsewhere.
        let encoded = secrets.mapValues(Self.percentEncodedComponent)
        func fill(_ text: String, _ values: [String: String]) -> String {
            ids.apply(to: SecretPlaceholder.substitute(in: text, values: values))
        }
        var target = Self.percentEncoded(fill(exchange.path, encoded))
        if !exchange.query.isEmpty { target += "?" + Self.percentEncoded(fill(exchange.query, encoded)) }
        let headers = exchange.headers.fields.compactMap { field -> (name: String, value: String)? in
            let name = field.name.lowercased()
            guard !name.hasPrefix(":"), !Self.droppedHeaders.contains(name) else { return nil }
            return (field.name, SecretPlaceholder.substitute(in: field.value, values: secrets))
        }
        var body = exchange.body
        if let text = String(bytes: body, encoding: .utf8) {
            let type = exchange.headers["Content-Type"]?.lowercased() ?? ""
            if (try? JSON.parse(body)) != nil {
                body = Array(
                    fill(text, secrets.mapValues { String(JSON.string($0).serializedString().dropFirst().dropLast()) })
                        .utf8)
            } else if type.hasPrefix("application/x-www-form-urlencoded") {
                body = Array(fill(text, encoded).utf8)
            } else {
                body = Array(fill(text, secrets).utf8)
            }
        }
        return ReplayRequest(url: base + target, method: exchange.method, headers: headers, body: body)
    }

    /// `text` with every byte that may not appear in a URL's path or query percent-encoded, and `%` kept where it
    /// already starts an escape. (Foundation's URL would otherwise re-encode existing escapes once it has to encode
    /// anything at all.)
    static func percentEncoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output = ""
        output.reserveCapacity(bytes.count)
        func isHex(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
        }
        for (index, byte) in bytes.enumerated() {
            if allowed.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]),
                isHex(bytes[index + 2])
            {
                output.append("%")
            } else {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }

    /// `text` with every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) percent-encoded: a value that stays one
    /// path segment or query value whatever it holds.
    static func percentEncodedComponent(_ text: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        var output = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }

    /// Unreserved characters, sub-delimiters, `:`, `@`, `/` and `?` (RFC 3986 `pchar` and `query`).
    private static let allowed = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?".utf8)
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
