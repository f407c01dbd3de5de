import XCTest

@testable import PushFakeCore

/// A badge sent as text is read byte by byte when it is ASCII, and through Foundation's trimming otherwise: both
/// readings must agree on every string.
final class TwinPushBadgeReadingTests: XCTestCase {
    func test_asciiReading_agreesWithFoundation_onEveryShortString() {
        let alphabet = [" ", "\t", "+", "-", "0", "1", "9", "a", "\n", "\u{0B}"]
        var strings = [""]
        var frontier = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + $0 } }
            strings += frontier
        }
        for text in strings {
            XCTAssertEqual(TwinPushBadge.reading(text), TwinPushBadge.readingUnicode(text), String(reflecting: text))
        }
    }

    func test_asciiReading_agreesWithFoundation_atTheLimits() {
        for text in [
            "2147483647", "2147483648", "+2147483647", "-2147483647", "-2147483648", "9223372036854775807",
            "9223372036854775808", "99999999999999999999999", "0000000000000000000000005", " +5 ", "\t-3\t", "+-1",
            "--1", "1+", "5 5", "+", "-", " ", "\t\t",
        ] {
            XCTAssertEqual(TwinPushBadge.reading(text), TwinPushBadge.readingUnicode(text), String(reflecting: text))
        }
        XCTAssertEqual(TwinPushBadge.reading(" +5 "), .add(5))
        XCTAssertEqual(TwinPushBadge.reading("\t-3\t"), .add(-3))
        XCTAssertEqual(TwinPushBadge.reading("0007"), .set(7))
        XCTAssertEqual(TwinPushBadge.reading("2147483647"), .set(2_147_483_647))
        XCTAssertNil(TwinPushBadge.reading("2147483648"))
    }

    func test_otherText_isTrimmedByFoundation() {
        XCTAssertEqual(TwinPushBadge.reading("\u{3000}5\u{00A0}"), .set(5), "ideographic and no-break spaces")
        XCTAssertNil(TwinPushBadge.reading("\u{0663}"), "an Arabic-Indic digit is no badge")
        XCTAssertNil(TwinPushBadge.reading("5\u{301}"))
    }
}
