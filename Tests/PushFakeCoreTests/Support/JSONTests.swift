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

    /// An object skips the members' scan for a key whose length none of its keys has; every other lookup still
    /// compares bytes. Whatever an object went through (parsed, built, members set, replaced, removed), each key
    /// reads back as a plain scan of its members would read it.
    func test_objectLookup_agreesWithAScanOfTheMembers_afterEveryChange() throws {
        let long = String(repeating: "k", count: 64)
        var object = try XCTUnwrap(
            JSON.parse(#"{"ab":1,"cd":2,"abc":3,"é":4,"\#(long)":5}"#).objectValue)
        let probes = ["ab", "cd", "ba", "abc", "abcd", "é", "e\u{301}", "", "x", long, String(long.dropLast()), "k"]
        func check(_ label: String) {
            for key in probes {
                let scanned = object.members.last { $0.key.utf8.elementsEqual(key.utf8) }?.value
                XCTAssertEqual(object[key], scanned, "\(label): \(key)")
                XCTAssertEqual(object.contains(key), scanned != nil, "\(label): contains \(key)")
            }
        }
        check("parsed")
        // "k" has length 1, as "é" has not (2 bytes) and the 64-byte key wraps onto length 0's bit.
        XCTAssertNil(object["k"])
        XCTAssertNil(object[""])
        object["abcd"] = 6
        object["x"] = 7
        check("after adding")
        object["ab"] = nil
        object["abc"] = nil
        check("after removing")
        XCTAssertNil(object["ab"], "a removed key is gone although its length's bit stays")
        object["ab"] = 8
        check("after adding again")
        let built = JSONObject(object.members)
        XCTAssertEqual(built, object, "built from the same members: equal")
        var emptied = built
        for key in emptied.keys { emptied[key] = nil }
        XCTAssertEqual(emptied, JSONObject(), "an emptied object equals a new one, whatever bits it kept")
        XCTAssertNil(emptied["cd"])
    }
}
