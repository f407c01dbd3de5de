import PushFakeCore
import PushFakeHTTP
import XCTest

/// Vendor JSON built to hurt a parser: answered with the vendor's error, never a crash.
final class HostileJSONTests: HostileTestCase {
    private func register(body: String) throws -> RawAnswer {
        try answer(
            to: "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    func test_deepNesting_answers400() throws {
        let answer = try register(body: String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000))
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.json?["success"], false)
    }

    func test_hugeNumbers_areAnsweredNotTrapped() throws {
        for number in ["1e999999", "-1e400", String(repeating: "9", count: 5_000), "123456789012345678901234567890"] {
            let body =
                #"{"deviceId":\#(number),"deviceRegistrationId":\#(number),"applicationKey":"testApp","#
                + #""applicationType":\#(number)}"#
            let answer = try register(body: body)
            XCTAssertTrue([400, 422].contains(answer.status ?? 0), number.prefix(40) + ": " + answer.text.prefix(300))
            XCTAssertEqual(answer.json?["success"], false)
        }
    }
}
