import XCTest

@testable import PushFakeCore

/// The string scanner and writer step over eight plain bytes at a time: every byte that ends or changes a string
/// (quote, backslash, control character, a byte ≥ 0x80) must still be seen wherever it falls in a word.
final class JSONStringScanTests: XCTestCase {
    /// `"` + `count` letters + `tail`, parsed as one JSON string inside an array, at every start offset 0…7.
    private func parse(letters count: Int, tail: String, shift: Int) throws -> String? {
        let letters = String((0..<count).map { Character(Unicode.Scalar(UInt8(ascii: "a") &+ UInt8($0 % 26))) })
        let text = String(repeating: " ", count: shift) + #"[""# + letters + tail + "]"
        return try JSON.parse(Array(text.utf8))[0]?.stringValue
    }

    /// The word scan stops at the first byte to look at itself, not at the start of its word: checked against a
    /// byte-at-a-time reference on random mixes of plain bytes, each kind of special byte, and the bytes next to them
    /// that a borrow could flag (0x01, 0x21, 0x23, 0x5D, 0x7F).
    func test_plainWordsEnd_isTheFirstByteToLookAt_orTheStartOfTheTail() {
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x80, 0xFF]
        let neighbours: [UInt8] = [0x01, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x61]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33) % bound
        }
        func reference(_ bytes: [UInt8], _ start: Int) -> Int {
            var position = start
            while position + 8 <= bytes.count {
                if let first = (position..<position + 8).first(where: {
                    specials.contains(bytes[$0]) || bytes[$0] < 0x20 || bytes[$0] >= 0x80
                }) {
                    return first
                }
                position += 8
            }
            return position
        }
        for round in 0..<4000 {
            let count = next(40)
            let bytes: [UInt8] = (0..<count).map { _ in
                switch next(10) {
                case 0: specials[next(specials.count)]
                case 1, 2, 3: neighbours[next(neighbours.count)]
                default: UInt8(0x24 + next(0x38))
                }
            }
            let start = count == 0 ? 0 : next(count + 1)
            let found = bytes.withUnsafeBufferPointer { JSONPlainWords.end(of: $0, from: start) }
            XCTAssertEqual(found, reference(bytes, start), "round \(round): \(bytes) from \(start)")
        }
    }

    func test_quoteAtEveryOffset_endsTheString() throws {
        for count in 0..<24 {
            for shift in 0..<8 {
                let letters = String((0..<count).map { Character(Unicode.Scalar(UInt8(ascii: "a") &+ UInt8($0 % 26))) })
                XCTAssertEqual(try parse(letters: count, tail: #"""#, shift: shift), letters, "\(count) \(shift)")
            }
        }
    }

    func test_escapeAtEveryOffset_isDecoded() throws {
        for count in 0..<24 {
            for shift in 0..<8 {
                let value = try parse(letters: count, tail: #"\n\"x""#, shift: shift)
                XCTAssertEqual(value?.suffix(3), "\n\"x", "\(count) \(shift)")
                XCTAssertEqual(value?.utf8.count, count + 3)
            }
        }
    }

    func test_controlCharacterAtEveryOffset_isRefused() {
        for count in 0..<24 {
            for control in [0x00, 0x09, 0x0A, 0x1F] as [UInt8] {
                let bytes =
                    Array(#"[""#.utf8) + Array(repeating: UInt8(ascii: "b"), count: count) + [control]
                    + Array(#"x"]"#.utf8)
                XCTAssertThrowsError(try JSON.parse(bytes), "\(count) \(control)") { error in
                    XCTAssertEqual((error as? JSONSyntaxError)?.offset, 2 + count, "\(count) \(control)")
                }
            }
        }
    }

    func test_byteAboveASCII_atEveryOffset_isCheckedAndKept() throws {
        for count in 0..<24 {
            XCTAssertEqual(try parse(letters: count, tail: #"é""#, shift: 0)?.unicodeScalars.last, "é")
            // A lone continuation byte is not UTF-8, wherever it sits.
            let bytes =
                Array(#"[""#.utf8) + Array(repeating: UInt8(ascii: "c"), count: count) + [0x80]
                + Array(#"x"]"#.utf8)
            XCTAssertThrowsError(try JSON.parse(bytes), "\(count)")
        }
    }

    func test_spaceAndTilde_theEdgesOfPlainBytes_passThrough() throws {
        let text = #"[" ~ !#$%&'()*+,-./0123456789:;<=>?@[]^_`{|}~ "]"#
        XCTAssertEqual(
            try JSON.parse(Array(text.utf8))[0]?.stringValue, #" ~ !#$%&'()*+,-./0123456789:;<=>?@[]^_`{|}~ "#)
    }

    func test_writer_escapesEachSpecialByte_atEveryOffset() {
        for count in 0..<24 {
            let letters = String(repeating: "w", count: count)
            for (raw, escaped) in [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1}", #"\u0001"#), ("é", "é")] {
                let text = JSON.string(letters + raw + "z").serializedString()
                XCTAssertEqual(text, "\"" + letters + escaped + "z\"", "\(count) \(escaped)")
            }
        }
    }
}
