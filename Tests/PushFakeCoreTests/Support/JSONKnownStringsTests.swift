import XCTest

@testable import PushFakeCore

/// The parser gives back a vendor's known strings shared instead of decoded: the value must be the same either way.
final class JSONKnownStringsTests: XCTestCase {
    private let known = JSONKnownStrings(["ab", "ac", "deviceRegistrationId", "IOS", "ünï"])

    private func parse(_ text: String, known: JSONKnownStrings) throws -> JSON {
        try JSON.parse(Array(text.utf8), known: known)
    }

    func test_knownStrings_readTheSameAsDecoded_forKeysAndValues() throws {
        let bodies = [
            #"{"ac":"ab","ab":"ac"}"#,
            #"{"deviceRegistrationId":"IOS","deviceRegistrationIdX":"IO","a":"b"}"#,
            #"{"a\u0062":"\u0049OS","ünï":"ünï","":""}"#,
            #"[["ab","ac"],{"ab":{"ac":"x"}},"IOS",1,null]"#,
        ]
        for body in bodies {
            XCTAssertEqual(try parse(body, known: known), try parse(body, known: .none), body)
        }
    }

    /// At every length the table keeps: the exact bytes find the string, a change to any one byte finds nothing, and
    /// long strings that differ only in the middle are told apart.
    func test_lookup_findsExactBytesOnly_atEveryLengthAndPosition() {
        let strings = (0...JSONKnownStrings.maximumLength).map { length -> String in
            let bytes = (0..<length).map { offset -> UInt8 in UInt8(0x61 + (offset * 7 + length) % 26) }
            return String(decoding: bytes, as: UTF8.self)
        }
        let table = JSONKnownStrings(strings)
        for string in strings {
            var bytes = Array(string.utf8)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { table.string($0) }, string, "\(bytes.count) bytes")
            for position in bytes.indices {
                bytes[position] ^= 0x01
                XCTAssertNil(bytes.withUnsafeBufferPointer { table.string($0) }, "\(string), byte \(position)")
                bytes[position] ^= 0x01
            }
        }
        // Long strings that differ only in the middle.
        let alike = ["0123456789_a_ABCDEFGH", "0123456789_b_ABCDEFGH", "0123456789_c_ABCDEFGH"]
        let alikeTable = JSONKnownStrings(alike)
        for string in alike + ["0123456789_d_ABCDEFGH"] {
            let found = Array(string.utf8).withUnsafeBufferPointer { alikeTable.string($0) }
            XCTAssertEqual(found, alike.contains(string) ? string : nil, string)
        }
        let tooLong = Array(repeating: UInt8(0x61), count: JSONKnownStrings.maximumLength + 1)
        let tooLongTable = JSONKnownStrings([String(decoding: tooLong, as: UTF8.self)])
        XCTAssertNil(tooLong.withUnsafeBufferPointer { tooLongTable.string($0) })
    }

    func test_knownStrings_areNotMixedUp_whenTheyShareALength() throws {
        let json = try parse(#"{"ac":"ab"}"#, known: known)
        XCTAssertEqual(json.objectValue?.keys, ["ac"])
        XCTAssertEqual(json["ac"]?.stringValue, "ab")
    }
}
