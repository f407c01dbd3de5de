import PushFakeCore
import XCTest

final class JSONTests: XCTestCase {
    func test_parse_keepsIntegersApartFromFractions_whenNumbersMixed() throws {
        let value = try JSON.parse(#"{"a":1,"b":1.5,"c":-0,"d":2e3,"e":9007199254740993}"#)
        XCTAssertEqual(value["a"], .int(1))
        XCTAssertEqual(value["b"], .double(1.5))
        XCTAssertEqual(value["c"], .int(0))
        XCTAssertEqual(value["d"], .double(2000))
        XCTAssertEqual(value["e"], .int(9_007_199_254_740_993))
    }

    func test_serialize_keepsKeyOrderAndDoesNotEscapeSlash_whenRoundTripped() throws {
        let text = #"{"z":"a/b","a":[true,false,null],"m":{"k":"\"q\"\n"}}"#
        XCTAssertEqual(try JSON.parse(text).serializedString(), text)
    }

    func test_parse_decodesEscapesAndSurrogatePairs_whenPresent() throws {
        let value = try JSON.parse(#"["\u00e9\ud83d\ude00\t\/", "\u20AC"]"#)
        XCTAssertEqual(value[0], .string("é😀\t/"))
        XCTAssertEqual(value[1], .string("€"))
    }

    func test_parse_rejectsInvalidInput_whenMalformed() {
        for text in ["", "{", "[1,]", "{\"a\"}", "01", "1.", "tru", "\"a", "{} x", "[\"\u{01}\"]", "NaN"] {
            XCTAssertThrowsError(try JSON.parse(text), "accepted \(text)")
        }
    }

    func test_parse_rejectsDeepNesting_whenOverLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertThrowsError(try JSON.parse(deep))
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertNoThrow(try JSON.parse(fine))
    }

    func test_valueAtPath_followsKeysAndIndexes_whenNested() throws {
        let value = try JSON.parse(#"[{"device":{"tags":["a","b"]}}]"#)
        XCTAssertEqual(value.value(at: "[0].device.tags[1]"), "b")
        XCTAssertNil(value.value(at: "[1].device"))
    }

    func test_objectSubscript_lastDuplicateWins_whenKeyRepeated() throws {
        let value = try JSON.parse(#"{"a":1,"a":2}"#)
        XCTAssertEqual(value["a"], 2)
    }
}
