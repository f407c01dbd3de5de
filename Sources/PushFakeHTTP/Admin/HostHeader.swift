import PushFakeHTTP1

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
        // On the value's bytes in place: the admin API reads the Host of every admin request (health too), and
        // copying it into an array and splitting that into arrays of parts cost more than the rest of the rule.
        var value = value
        guard let (host, port) = value.withUTF8({ Self.parse($0) }) else { return nil }
        self.host = host
        self.port = port
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (Host, Int?)? {
        let host: Host
        let hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")),
                isIPv6(ArraySlice(UnsafeBufferPointer(rebasing: bytes[1..<close])))
            else { return nil }
            host = .ipLiteral
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            if isIPv4(bytes, 0..<hostEnd) {
                host = .ipLiteral
            } else if let name = name(bytes, 0..<hostEnd) {
                host = .name(name)
            } else {
                return nil
            }
        }
        guard hostEnd < bytes.count else { return (host, nil) }
        guard bytes[hostEnd] == UInt8(ascii: ":"), let number = port(bytes, hostEnd + 1..<bytes.count) else {
            return nil
        }
        return (host, number)
    }

    /// `1*5DIGIT` from 1 to 65535.
    private static func port(_ bytes: UnsafeBufferPointer<UInt8>, _ digits: Range<Int>) -> Int? {
        guard (1...5).contains(digits.count), let value = decimal(bytes, digits) else { return nil }
        return (1...65_535).contains(value) ? value : nil
    }

    /// The value of `bytes[range]` when it is all digits (at most 5 of them, so it cannot overflow).
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }

    /// A DNS-style name: dot-separated labels of letters, digits, `-` and `_`, each 1–63 bytes, at most 253 in all;
    /// one trailing dot allowed. Lowercased.
    private static func name(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        var name = range
        if !name.isEmpty, bytes[name.upperBound - 1] == UInt8(ascii: ".") {
            name = name.lowerBound..<name.upperBound - 1
        }
        guard !name.isEmpty, name.count <= 253 else { return nil }
        var labelStart = name.lowerBound
        for index in name.lowerBound...name.upperBound {
            if index < name.upperBound, bytes[index] != UInt8(ascii: ".") {
                let byte = bytes[index]
                guard isDigit(byte) || isLetter(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") else {
                    return nil
                }
                continue
            }
            guard (1...63).contains(index - labelStart) else { return nil }
            labelStart = index + 1
        }
        return String(decoding: bytes[name].map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// RFC 3986 `IPv4address`: four `dec-octet`s 0–255 without leading zeros.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { isIPv4($0, 0..<$0.count) }
    }

    private static func isIPv4(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var parts = 0
        var partStart = range.lowerBound
        for index in range.lowerBound...range.upperBound where index == range.upperBound || bytes[index] == 0x2E {
            guard parts < 4, isDecimalOctet(bytes, partStart..<index) else { return false }
            parts += 1
            partStart = index + 1
        }
        return parts == 4
    }

    private static func isDecimalOctet(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Range<Int>) -> Bool {
        guard (1...3).contains(part.count), let value = decimal(bytes, part) else { return false }
        guard part.count == 1 || bytes[part.lowerBound] != UInt8(ascii: "0") else { return false }
        return value <= 255
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
                    guard (1...4).contains(part.count), part.allSatisfy(\.isHexDigit) else { return false }
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
}
