import XCTest

@testable import PushFakeHTTP

/// The operation table matches paths by their bytes: parameters are percent-decoded, repeated and trailing slashes
/// are tolerated, `HEAD` is `GET`, and a segment is only ever split at a `/` byte.
final class AdminOperationTableTests: XCTestCase {
    private let table = AdminOperationTable.standard

    func test_match_findsTheOperationAndDecodesItsParameters_byTheBytesOfThePath() throws {
        XCTAssertEqual(table.match(method: "GET", path: "/health")?.operation.route.id, "getHealth")
        XCTAssertEqual(table.match(method: "HEAD", path: "//health/")?.operation.route.id, "getHealth")
        let removal = try XCTUnwrap(table.match(method: "DELETE", path: "/faults/a%2Fb"))
        XCTAssertEqual(removal.operation.route.id, "removeFault")
        XCTAssertEqual(removal.parameters, ["id": "a/b"])
        // A combining mark after the slash is still split there: a URL's path is bytes, not characters.
        XCTAssertEqual(
            table.match(method: "DELETE", path: "/faults/\u{301}x")?.parameters, ["id": "\u{301}x"])
        XCTAssertNil(table.match(method: "GET", path: "/healthy"))
        XCTAssertNil(table.match(method: "POST", path: "/health"))
        XCTAssertNil(table.match(method: "DELETE", path: "/faults/a/b"))
        XCTAssertEqual(table.allowedMethods(path: "/health"), ["GET"])
        XCTAssertEqual(Set(table.allowedMethods(path: "/faults")), ["GET", "POST", "DELETE"])
    }
}
