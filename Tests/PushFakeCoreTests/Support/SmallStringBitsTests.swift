import Foundation
import PushFakeHTTP1
import XCTest

@testable import PushFakeCore

/// `hasSameBytes(as:)` answers "different" at once for two small strings whose bits differ, trusting the 64-bit
/// string layout (a small string is its bytes, length and ASCII flag). These tests hold that layout to what the
/// running standard library does, with strings made every way the fake makes them.
final class SmallStringBitsTests: XCTestCase {
    /// Strings of 0 to 20 UTF-8 bytes, ASCII and not, each made several ways (literal-like, decoded, built,
    /// sliced, shortened from a large string, lower-cased, bridged through Foundation).
    private func variants() -> [String] {
        let texts = [
            "", "a", "K", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "platform", "language", "push_token", "os_version",
            "app_version", "sdk_version", "device_code", "exactly15bytes!", "sixteen-bytes-ab", "\u{1F600}\u{1F600}x",
            "0123456789abcdefghij",
        ]
        var made: [String] = []
        for text in texts {
            made.append(text)
            made.append(String(decoding: Array(text.utf8), as: UTF8.self))
            made.append("\(text)")
            made.append(String(Substring("<" + text + ">").dropFirst().dropLast()))
            var shortened = String(repeating: "-", count: 40) + text
            shortened.removeFirst(40)
            made.append(shortened)
            made.append(NSString(string: text) as String)
            made.append(text.lowercased())
            // Cut inside a character: decoding repairs it, and the repaired string is stored large however short.
            made.append(String(decoding: Array(text.utf8) + [0xC3], as: UTF8.self))
        }
        return made
    }

    func test_hasSameBytes_isByteEquality_forEveryPairOfStringsMadeAnyWay() {
        let strings = variants()
        for left in strings {
            for right in strings {
                XCTAssertEqual(
                    left.hasSameBytes(as: right), Array(left.utf8) == Array(right.utf8),
                    "\(left.debugDescription) vs \(right.debugDescription)")
            }
        }
    }

    func test_isSmall_marksValidDecodedStringsUpToFifteenBytes_andNoLongerOne() throws {
        try XCTSkipUnless(MemoryLayout<String>.size == 16, "the shortcut applies to 64-bit strings only")
        for length in 0...20 {
            for unit in ["a", "\u{E9}", "\u{1F600}"] {
                let text = String(decoding: Array(String(repeating: unit, count: length).utf8), as: UTF8.self)
                let bits = unsafeBitCast(text, to: (UInt64, UInt64).self)
                XCTAssertEqual(String.isSmall(bits.1), text.utf8.count <= 15, "\(text.utf8.count) bytes")
            }
        }
        // A repaired decoding is stored large even when short: the shortcut must not take it for small.
        let repaired = String(decoding: [0x61, 0xC3], as: UTF8.self)
        XCTAssertFalse(String.isSmall(unsafeBitCast(repaired, to: (UInt64, UInt64).self).1))
    }
}
