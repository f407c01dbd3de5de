import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// Secrets planted in every place a client can put them, and the check that an output holds none of them in any
/// spelling (HostileSecretsTests).
struct PlantedSecrets {
    /// A credential: the header that carries it, the header's value, and the value a client repeats elsewhere.
    struct Credential {
        let header: String
        let headerValue: String
        let planted: String
    }

    static let credentials = [
        Credential(header: "X-TwinPush-REST-API-Token", headerValue: "tok/+=1", planted: "tok/+=1"),
        Credential(header: "X-TwinPush-REST-API-Key-Creator", headerValue: "cré@tor;9", planted: "cré@tor;9"),
        Credential(header: "Authorization", headerValue: "Bearer jwt.p4yl0ad-s1g", planted: "jwt.p4yl0ad-s1g"),
        Credential(header: "Proxy-Authorization", headerValue: "Basic cHJveHk6c2VjcmV0", planted: "cHJveHk6c2VjcmV0"),
        Credential(header: "Cookie", headerValue: "sid=c00k1e-v4lue", planted: "sid=c00k1e-v4lue"),
    ]

    /// The TPNS application key, a secret only with `--redact-app-keys`.
    static let appKey = "key/with+1"

    /// Every value that must not show, in any spelling.
    static var values: [String] { credentials.flatMap { [$0.headerValue, $0.planted] } }

    // MARK: Spellings

    /// Every byte but the unreserved ones as `%XX`.
    static func percent(_ text: String, lower: Bool = false) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        return text.utf8.map { byte in
            unreserved.contains(byte)
                ? String(UnicodeScalar(byte)) : "%" + String(format: lower ? "%02x" : "%02X", byte)
        }.joined()
    }

    /// As PHP's `json_encode` writes a string's content: `/` as `\/`, non-ASCII as `\uXXXX`.
    static func phpJSON(_ text: String) -> String {
        text.utf16.map { unit -> String in
            switch unit {
            case 0x2F: return "\\/"
            case 0x22: return "\\\""
            case 0x5C: return "\\\\"
            case 0x20..<0x7F: return String(UnicodeScalar(UInt8(unit)))
            default: return String(format: "\\u%04x", unit)
            }
        }.joined()
    }

    /// Every character as `\uXXXX`.
    static func unicodeJSON(_ text: String) -> String {
        text.utf16.map { String(format: "\\u%04X", $0) }.joined()
    }

    /// Whether `text` may stand in a request target as it is.
    static func isTargetSafe(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "%") }
    }

    // MARK: The check

    /// Fails when `text`, or `text` with up to three layers of percent and JSON escapes undone, holds a secret.
    static func assertNone(
        of secrets: [String], in text: String, _ output: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        var layer = text
        for depth in 0...3 {
            for secret in secrets {
                guard let range = layer.range(of: secret) else { continue }
                let start =
                    layer.index(range.lowerBound, offsetBy: -60, limitedBy: layer.startIndex) ?? layer.startIndex
                let context = String(layer[start..<range.upperBound])
                XCTFail("\(output) holds \(secret) (after \(depth) decodings): …\(context)", file: file, line: line)
            }
            let decoded = unescape(layer)
            if decoded == layer { return }
            layer = decoded
        }
    }

    /// One layer of `%XX` and JSON string escapes undone, over the whole text.
    static func unescape(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var units: [UInt16] = []
        func flushUnits() {
            output += Array(String(decoding: units, as: UTF16.self).utf8)
            units = []
        }
        func hex(_ slice: ArraySlice<UInt8>) -> UInt32? {
            guard
                slice.allSatisfy({
                    UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0
                        || UInt8(ascii: "A")...UInt8(ascii: "F") ~= $0
                })
            else { return nil }
            return UInt32(String(decoding: slice, as: UTF8.self), radix: 16)
        }
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 5 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"),
                let unit = hex(bytes[(index + 2)..<(index + 6)])
            {
                units.append(UInt16(unit))
                index += 6
                continue
            }
            flushUnits()
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                [UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\")].contains(bytes[index + 1])
            {
                output.append(bytes[index + 1])
                index += 2
            } else if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let byte = hex(bytes[(index + 1)..<(index + 3)])
            {
                output.append(UInt8(byte))
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        flushUnits()
        return String(decoding: output, as: UTF8.self)
    }
}
