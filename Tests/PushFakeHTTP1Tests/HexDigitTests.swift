import PushFakeHTTP1
import XCTest

/// `UInt8.isHexDigit`, the one definition the chunk-size reader, the `Host` check and the APNs token rule share.
final class HexDigitTests: XCTestCase {
    func test_isHexDigit_isTrueForExactlyTheDigitsAndBothCasesOfAToF() {
        let expected = Set("0123456789abcdefABCDEF".utf8)
        for byte in UInt8.min...UInt8.max {
            XCTAssertEqual(byte.isHexDigit, expected.contains(byte), "byte \(byte)")
        }
    }
}
