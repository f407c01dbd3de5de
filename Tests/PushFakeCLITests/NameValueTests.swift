import XCTest

@testable import pushfake

/// `name=value` arguments split at the first `=`, and the name is never empty.
final class NameValueTests: XCTestCase {
    func testSplitsAtTheFirstEquals() {
        XCTAssertEqual(NameValue(splitting: "a=b=c"), NameValue(name: "a", value: "b=c"))
        XCTAssertEqual(
            NameValue(splitting: "twinpush=https://t.example/api/v2?x=1")?.value, "https://t.example/api/v2?x=1")
        XCTAssertEqual(NameValue(splitting: "name="), NameValue(name: "name", value: ""))
    }

    func testRefusesNoEqualsOrAnEmptyName() {
        XCTAssertNil(NameValue(splitting: "novalue"))
        XCTAssertNil(NameValue(splitting: "=value"))
        XCTAssertNil(NameValue(splitting: ""))
    }
}
