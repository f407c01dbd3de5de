import Foundation
import PushFakeHTTP1
import XCTest

/// `Date` values (RFC 9110 §5.6.7 IMF-fixdate), formatted once per second.
final class HTTP1DateTests: XCTestCase {
    func test_date_isTheIMFFixdate_ofKnownSeconds() {
        XCTAssertEqual(HTTP1Date(secondsSince1970: 784_111_777).text, "Sun, 06 Nov 1994 08:49:37 GMT")  // RFC 9110
        XCTAssertEqual(HTTP1Date(secondsSince1970: 0).text, "Thu, 01 Jan 1970 00:00:00 GMT")
        XCTAssertEqual(HTTP1Date(secondsSince1970: 1_767_225_600).text, "Thu, 01 Jan 2026 00:00:00 GMT")
        XCTAssertEqual(HTTP1Date(secondsSince1970: 1_709_208_000).text, "Thu, 29 Feb 2024 12:00:00 GMT")
        XCTAssertEqual(HTTP1Date(secondsSince1970: 253_402_300_799).text, "Fri, 31 Dec 9999 23:59:59 GMT")
        XCTAssertEqual(
            HTTP1Date(secondsSince1970: 1_767_225_600).fieldLine, Array("Date: Thu, 01 Jan 2026 00:00:00 GMT\r\n".utf8))
    }

    func test_date_agreesWithFoundation_andParsesBack_forRandomSeconds() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let second = Int64.random(in: 0...HTTP1Date.latestSecond, using: &random)
            let date = HTTP1Date(secondsSince1970: second)
            XCTAssertEqual(date.text, formatter.string(from: Date(timeIntervalSince1970: TimeInterval(second))))
            XCTAssertEqual(HTTP1Date.parse(date.text), second)
        }
    }

    func test_date_isClampedToFourDigitYears_andCutsFractions() {
        XCTAssertEqual(HTTP1Date(secondsSince1970: -5).secondsSince1970, 0)
        XCTAssertEqual(HTTP1Date(secondsSince1970: .max).secondsSince1970, HTTP1Date.latestSecond)
        XCTAssertEqual(HTTP1Date.second(containing: 1_767_225_600.999), 1_767_225_600)
        XCTAssertEqual(HTTP1Date.second(containing: .nan), 0)
        XCTAssertEqual(HTTP1Date.second(containing: -.infinity), 0)
        XCTAssertEqual(HTTP1Date.second(containing: .infinity), HTTP1Date.latestSecond)
    }

    func test_at_keepsTheDate_withinItsSecond_andMovesOnAfter() {
        let date = HTTP1Date(secondsSince1970: 100)
        XCTAssertEqual(date.at(secondsSince1970: 100), date)
        XCTAssertEqual(date.at(secondsSince1970: 101).text, "Thu, 01 Jan 1970 00:01:41 GMT")
    }

    func test_parse_refusesWhatIsNotAnIMFFixdate() {
        for text in [
            "Wed, 01 Jan 2026 00:00:00 GMT", "Thu, 1 Jan 2026 00:00:00 GMT", "Thu, 01 Jan 2026 00:00:00 UTC",
            "Thursday, 01-Jan-26 00:00:00 GMT", "Thu Jan  1 00:00:00 2026", "Thu, 31 Feb 2026 00:00:00 GMT",
            "Thu, 01 Jan 2026 24:00:00 GMT", "", "Thu, 01 Jxn 2026 00:00:00 GMT",
        ] {
            XCTAssertNil(HTTP1Date.parse(text), text)
        }
    }

    func test_serializer_writesTheDateOnce_unlessTheHeadHasOne() {
        let date = HTTP1Date(secondsSince1970: 0)
        let dated = String(
            decoding: HTTP1Serializer.serialize(
                HTTP1ResponseHead(status: 204), body: [], keepAlive: true, headRequest: false, date: date),
            as: UTF8.self)
        XCTAssertEqual(dated, "HTTP/1.1 204 No Content\r\nDate: Thu, 01 Jan 1970 00:00:00 GMT\r\n\r\n")
        let own = String(
            decoding: HTTP1Serializer.serialize(
                HTTP1ResponseHead(status: 204, headers: ["date": "Sun, 06 Nov 1994 08:49:37 GMT"]), body: [],
                keepAlive: true, headRequest: false, date: date),
            as: UTF8.self)
        XCTAssertEqual(own, "HTTP/1.1 204 No Content\r\ndate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n")
    }
}
