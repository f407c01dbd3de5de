import Foundation
import PushFakeHTTP1
import XCTest

/// `String(decodingSmallASCII:)` lays out strings of up to 15 ASCII bytes itself: each must be the string
/// `String(decoding:as:)` makes of the same bytes, bit for bit, and behave as one; other bytes are decoded.
final class SmallASCIIStringTests: XCTestCase {
    private func made(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { String(decodingSmallASCII: $0) }
    }

    func test_theLayoutCheckHolds_onA64BitLittleEndianPlatform() throws {
        try XCTSkipUnless(MemoryLayout<String>.size == 16 && 1.littleEndian == 1, "a 64-bit little-endian layout")
        XCTAssertTrue(String.buildsSmallASCII)
    }

    func test_everyLengthAndByte_givesTheDecodedString_bitForBit() {
        let alphabets: [[UInt8]] = [
            Array("abcdefghijklmnopqrstu".utf8), Array(0..<21), Array((0x60..<0x80).map { UInt8($0) }),
            Array("Host: 127.0.0.1:8080".utf8),
        ]
        for alphabet in alphabets {
            for length in 0...20 {
                let bytes = Array(alphabet.prefix(length))
                let built = made(bytes)
                let decoded = String(decoding: bytes, as: UTF8.self)
                XCTAssertEqual(built, decoded, "\(bytes)")
                XCTAssertEqual(Array(built.utf8), bytes)
                XCTAssertEqual(built.count, decoded.count)
                XCTAssertEqual(built.hashValue, decoded.hashValue)
                XCTAssertEqual(built.uppercased(), decoded.uppercased())
                XCTAssertEqual(built + "é", decoded + "é")
                XCTAssertEqual([decoded: 1][built], 1)
                if MemoryLayout<String>.size == 16, length <= 15 {
                    let left = unsafeBitCast(built, to: (UInt64, UInt64).self)
                    let right = unsafeBitCast(decoded, to: (UInt64, UInt64).self)
                    XCTAssertTrue(left == right, "\(bytes): bits differ")
                }
            }
        }
    }

    func test_bytesThatAreNotASCII_areDecoded_repairsIncluded() {
        for bytes: [UInt8] in [[0xC3, 0xA9], [0x61, 0xC3], [0x80], [0x61, 0x62, 0xFF], Array("caf\u{E9}".utf8)] {
            XCTAssertEqual(made(bytes), String(decoding: bytes, as: UTF8.self), "\(bytes)")
            XCTAssertEqual(Array(made(bytes).utf8), Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
        }
    }
}
