import Foundation
import PushFakeCore
import XCTest

final class TimeFormatTests: XCTestCase {
    func test_formats_writeISOAndTwinPushForms_whenGivenDates() {
        XCTAssertEqual(FakeClock.defaultEpoch.pushFakeISO8601, "2026-01-01T00:00:00.000Z")
        XCTAssertEqual(Date(timeIntervalSince1970: 951_782_400.25).pushFakeISO8601, "2000-02-29T00:00:00.250Z")
        XCTAssertEqual(Date(timeIntervalSince1970: -1).pushFakeISO8601, "1969-12-31T23:59:59.000Z")
    }

    func test_parse_readsEveryZoneForm_whenTimestampsGiven() {
        let expected = Date(timeIntervalSince1970: 1_456_839_291)  // 2016-03-01 13:34:51 UTC
        for text in [
            "2016-03-01 13:34:51 UTC", "2016-03-01 13:34:51 +0000", "2016-03-01T13:34:51Z",
            "2016-03-01 14:34:51 +01:00",
            "2016-03-01 13:34:51", "2016-03-01T13:34:51.000Z", "2016-03-01 12:34:51 -0100",
        ] {
            XCTAssertEqual(Date(pushFakeTimestamp: text), expected, text)
        }
        for text in ["2016-13-01 00:00:00", "yesterday", "2016-03-01 13:34", "2016-03-01 13:34:51 CET"] {
            XCTAssertNil(Date(pushFakeTimestamp: text), text)
        }
    }
}
