/// A `Host` header value (or an absolute-form target's authority) read strictly, as RFC 9110 §7.2 and
/// RFC 3986 §3.2.2 spell it: an IPv4 literal, an IPv6 literal in brackets, or a name; then, optionally, `:` and a
/// port from 1 to 65535. Anything else — `[evil.com]`, `[x]evil.com`, `::1` unbracketed, `host:99999`, `host:`, an empty host,
/// a zone id — is not a host at all, and the admin API refuses it (``AdminAccess``).
///
/// ```swift
/// HostHeader("[::1]:8080")?.host  // .ipLiteral
/// HostHeader("LocalHost.")?.host  // .name("localhost")
/// HostHeader("[x]evil.com")       // nil
/// ```
struct HostHeader: Equatable {
    enum Host: Equatable {
        /// An IPv4 literal or a bracketed IPv6 one: reached without DNS, so no rebinding can point it elsewhere.
        case ipLiteral
        /// A name, lowercased, without the one trailing dot of an absolute name (`localhost.` is `localhost`).
        case name(String)
    }

    var host: Host
    var port: Int?

    init?(_ value: String) {
        let bytes = Array(value.utf8)
        let hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), Self.isIPv6(bytes[1..<close]) else {
                return nil
            }
            host = .ipLiteral
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            let hostBytes = bytes[..<hostEnd]
            if Self.isIPv4(hostBytes) {
                host = .ipLiteral
            } else if let name = Self.name(hostBytes) {
                host = .name(name)
            } else {
                return nil
            }
        }
        if hostEnd == bytes.count {
            port = nil
        } else {
            guard bytes[hostEnd] == UInt8(ascii: ":"), let number = Self.port(bytes[(hostEnd + 1)...]) else {
                return nil
            }
            port = number
        }
    }

    /// `1*5DIGIT` from 1 to 65535.
    private static func port(_ digits: ArraySlice<UInt8>) -> Int? {
        guard (1...5).contains(digits.count), digits.allSatisfy(isDigit) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return (1...65_535).contains(value) ? value : nil
    }

    /// A DNS-style name: dot-separated labels of letters, digits, `-` and `_`, each 1–63 bytes, at most 253 in all;
    /// one trailing dot allowed. Lowercased.
    private static func name(_ bytes: ArraySlice<UInt8>) -> String? {
        var name = bytes
        if name.last == UInt8(ascii: ".") { name = name.dropLast() }
        guard !name.isEmpty, name.count <= 253 else { return nil }
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for label in labels {
            guard (1...63).contains(label.count),
                label.allSatisfy({ isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
            else { return nil }
        }
        return String(decoding: name.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// RFC 3986 `IPv4address`: four `dec-octet`s 0–255 without leading zeros.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy(isDecimalOctet)
    }

    private static func isDecimalOctet(_ part: ArraySlice<UInt8>) -> Bool {
        guard (1...3).contains(part.count), part.allSatisfy(isDigit) else { return false }
        guard part.count == 1 || part.first != UInt8(ascii: "0") else { return false }
        return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
    }

    /// RFC 3986 `IPv6address`: eight groups of 1–4 hex digits, or fewer around one `::`; the last 32 bits may be
    /// an IPv4 literal. No zone id, no `IPvFuture`.
    static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 45 else { return false }
        let text = Array(bytes)
        var compression: Int?
        var index = 0
        while index + 1 < text.count {
            if text[index] == UInt8(ascii: ":"), text[index + 1] == UInt8(ascii: ":") {
                guard compression == nil else { return false }
                compression = index
                index += 2
            } else {
                index += 1
            }
        }
        let sides: [ArraySlice<UInt8>] =
            compression.map { [text[..<$0], text[($0 + 2)...]] } ?? [text[...]]
        var groups = 0
        for (sideIndex, side) in sides.enumerated() where !side.isEmpty {
            let parts = side.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            for (partIndex, part) in parts.enumerated() {
                let isLast = sideIndex == sides.count - 1 && partIndex == parts.count - 1
                if isLast, part.contains(UInt8(ascii: ".")) {
                    guard isIPv4(part) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return compression == nil ? groups == 8 : groups <= 7
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }
}
