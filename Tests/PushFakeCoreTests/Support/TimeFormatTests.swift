import Foundation
import PushFakeCore
import XCTest

final class TimeFormatTests: XCTestCase {
    func test_formats_writeISOAndTwinPushForms_whenGivenDates() {
        XCTAssertEqual(FakeClock.defaultEpoch.pushFakeISO8601, "2026-01-01T00:00:00.000Z")
        XCTAssertEqual(Date(timeIntervalSince1970: 951_782_400.25).pushFakeISO8601, "2000-02-29T00:00:00.250Z")
        XCTAssertEqual(Date(timeIntervalSince1970: -1).pushFakeISO8601, "1969-12-31T23:59:59.000Z")
    }

    /// Every field at its widest and narrowest, the ends of the range, and Foundation's own ISO 8601 formatter on
    /// dates across five centuries.
    func test_iso8601_matchesFoundation_andKeepsEveryFieldsWidth() {
        XCTAssertEqual(Date(timeIntervalSince1970: -62_167_219_200).pushFakeISO8601, "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(Date(timeIntervalSince1970: 253_402_300_799.999).pushFakeISO8601, "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(Date(timeIntervalSince1970: 1e15).pushFakeISO8601, "9999-12-31T23:59:59.999Z", "clamped")
        XCTAssertEqual(Date(timeIntervalSince1970: 1_767_225_599.009).pushFakeISO8601, "2025-12-31T23:59:59.009Z")
        let foundation = ISO8601DateFormatter()
        foundation.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        foundation.timeZone = TimeZone(identifier: "UTC")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // 1800…2300, in steps of 125 ms: eighths of a second, exact in binary, so no rounding rule decides.
            let milliseconds = Int64((state >> 20) % 15_778_800_000_000) / 125 * 125 - 5_364_662_400_000
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            XCTAssertEqual(date.pushFakeISO8601, foundation.string(from: date), "\(milliseconds)")
        }
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
