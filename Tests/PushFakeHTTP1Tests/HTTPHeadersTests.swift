import PushFakeHTTP1
import XCTest

/// The one header type: what the engine, the journal and the transports all edit headers with.
final class HTTPHeadersTests: XCTestCase {
    func test_setFirst_replacesTheFirstValueInPlace_whenTheNameIsThereTwice() {
        var headers: HTTPHeaders = ["Accept": "*/*", "host": "a", "X-Trace": "1", "HOST": "b"]

        headers.setFirst(name: "Host", value: "c")

        XCTAssertEqual(headers.fields.map(\.name), ["Accept", "host", "X-Trace", "HOST"], "names and order kept")
        XCTAssertEqual(headers.values(for: "host"), ["c", "b"])
    }

    func test_setFirst_appends_whenTheNameIsMissing() {
        var headers: HTTPHeaders = ["Accept": "*/*"]

        headers.setFirst(name: "Host", value: "c")

        XCTAssertEqual(headers.fields, [.init(name: "Accept", value: "*/*"), .init(name: "Host", value: "c")])
    }

    func test_replaceAndRemove_matchNamesCaseInsensitively_whenCaseDiffers() {
        var headers: HTTPHeaders = ["x-a": "1", "X-B": "2", "X-A": "3"]

        headers.replace(name: "X-A", value: "4")
        XCTAssertEqual(headers.fields, [.init(name: "X-B", value: "2"), .init(name: "X-A", value: "4")])
        headers.remove(name: "x-b")
        XCTAssertEqual(headers.fields, [.init(name: "X-A", value: "4")])
    }

    func test_namesEqual_isFalse_whenOnlyNonLettersDifferByTheCaseBit() {
        // `[` and `{` differ only in 0x20, like `A` and `a`: they are not the same name.
        let headers: HTTPHeaders = ["X[": "1"]
        XCTAssertNil(headers["x{"])
        XCTAssertEqual(headers["x["], "1")
    }
}
