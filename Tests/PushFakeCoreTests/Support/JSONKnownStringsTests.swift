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

    func test_knownStrings_areNotMixedUp_whenTheyShareALength() throws {
        let json = try parse(#"{"ac":"ab"}"#, known: known)
        XCTAssertEqual(json.objectValue?.keys, ["ac"])
        XCTAssertEqual(json["ac"]?.stringValue, "ab")
    }
}
