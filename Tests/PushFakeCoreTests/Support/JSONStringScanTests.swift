import PushFakeCore
import XCTest

/// The string scanner and writer step over eight plain bytes at a time: every byte that ends or changes a string
/// (quote, backslash, control character, a byte ≥ 0x80) must still be seen wherever it falls in a word.
final class JSONStringScanTests: XCTestCase {
    /// `"` + `count` letters + `tail`, parsed as one JSON string inside an array, at every start offset 0…7.
    private func parse(letters count: Int, tail: String, shift: Int) throws -> String? {
        let letters = String((0..<count).map { Character(Unicode.Scalar(UInt8(ascii: "a") &+ UInt8($0 % 26))) })
        let text = String(repeating: " ", count: shift) + #"[""# + letters + tail + "]"
        return try JSON.parse(Array(text.utf8))[0]?.stringValue
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
