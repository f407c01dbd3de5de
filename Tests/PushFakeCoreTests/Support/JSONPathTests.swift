import PushFakeCore
import XCTest

/// One splitter serves value paths (``JSONPath/components(_:)``) and the wildcard patterns of `replay --ignore`.
final class JSONPathTests: XCTestCase {
    private func pieces(_ path: String) -> [JSONPath.Piece] {
        var result: [JSONPath.Piece] = []
        JSONPath.pieces(of: Substring(path)) { result.append($0) }
        return result
    }

    func testPiecesKeepKeysAndBracketsInOrder() {
        XCTAssertEqual(
            pieces("json.objects[*].created_at"),
            [.key("json"), .key("objects"), .bracketed("*"), .key("created_at")])
        XCTAssertEqual(pieces("[0].applicationKey"), [.bracketed("0"), .key("applicationKey")])
    }

    func testPiecesSkipEmptyKeysAndAnUnclosedBracket() {
        XCTAssertEqual(pieces("a..b."), [.key("a"), .key("b")])
        XCTAssertEqual(pieces("a[1"), [.key("a")])
        XCTAssertEqual(pieces(""), [])
    }

    func testComponentsLeaveOutBracketsWithoutAnInteger() {
        XCTAssertEqual(JSONPath.components("tags[1].name"), [.key("tags"), .index(1), .key("name")])
        XCTAssertEqual(JSONPath.components("tags[*].name"), [.key("tags"), .key("name")])
    }
}
