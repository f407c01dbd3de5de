import XCTest

final class PlaceholderTests: XCTestCase {
    func test_placeholder() {}
}
