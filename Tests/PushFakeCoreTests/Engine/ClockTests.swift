import Foundation
import PushFakeCore
import XCTest

/// The clock never traps and never leaves 1970-01-01…9999-12-31 (issue 8).
final class ClockTests: XCTestCase {
    func test_formatting_neverTraps_whenDatesAreHugeOrNotFinite() {
        // Before the fix, Int(Double) in TimeFormat trapped for |t| above ~9.2e15 s.
        XCTAssertEqual(Date(timeIntervalSince1970: 1e16).pushFakeISO8601, "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(Date(timeIntervalSince1970: -1e18).pushFakeISO8601, "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(Date(timeIntervalSince1970: 1e300).pushFakeISO8601, "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(Date(timeIntervalSince1970: .infinity).pushFakeISO8601, "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(Date(timeIntervalSince1970: -.infinity).pushFakeISO8601, "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(Date(timeIntervalSince1970: .nan).pushFakeISO8601, "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(Date.distantFuture.pushFakeISO8601, "4001-01-01T00:00:00.000Z")
    }

    func test_advanceClock_refusesAndKeepsTime_whenResultLeavesRange() {
        let fake = PushFake()
        for seconds in [1e16, -1e16, 1e18, -1e18, -1e15, .infinity, .nan] {
            XCTAssertFalse(fake.advanceClock(by: seconds), "\(seconds)")
            XCTAssertEqual(fake.now, FakeClock.defaultEpoch, "\(seconds)")
        }
        // a journaled request still formats its time
        XCTAssertEqual(fake.tpnsRegister().response.status, 200)
        XCTAssertEqual(fake.journal.entries.last?.jsonValue["time"], "2026-01-01T00:00:00.000Z")
        XCTAssertTrue(fake.advanceClock(by: 3600))
        XCTAssertEqual(fake.now.pushFakeISO8601, "2026-01-01T01:00:00.000Z")
    }

    func test_setClock_refuses_whenOutsideRange() {
        let fake = PushFake()
        XCTAssertFalse(fake.setClock(to: Date(timeIntervalSince1970: -1)))
        XCTAssertFalse(fake.setClock(to: Date(timeIntervalSince1970: 253_402_300_800)))
        XCTAssertEqual(fake.now, FakeClock.defaultEpoch)
        XCTAssertTrue(fake.setClock(to: Date(timeIntervalSince1970: 0)))
        XCTAssertTrue(fake.setClock(to: FakeClock.validRange.upperBound))
        XCTAssertEqual(fake.now.pushFakeISO8601, "9999-12-31T23:59:59.999Z")
        XCTAssertFalse(fake.advanceClock(by: 0.001))
    }

    func test_clockCommand_readsAdvanceAndSet_whenValid() throws {
        XCTAssertEqual(try ClockCommand(json: ["advance": 3600]), .advance(3600))
        XCTAssertEqual(try ClockCommand(json: ["advance": -1.5]), .advance(-1.5))
        XCTAssertEqual(
            try ClockCommand(json: ["set": "2026-02-28T23:59:59.250Z"]),
            .set(Date(timeIntervalSince1970: 1_772_323_199.25)))
        XCTAssertEqual(
            try ClockCommand(json: ["set": "2028-02-29 00:00:00 UTC"]).jsonValue["set"], "2028-02-29T00:00:00.000Z")
    }

    func test_clockCommand_rejectsWithPathAndRange_whenInvalid() {
        let cases: [(JSON, String)] = [
            (["advance": 1e16], "advance: must be a number from -253402300799.999 to 253402300799.999, not 1e+16"),
            (["advance": "60"], #"advance: must be a number from -253402300799.999 to 253402300799.999, not "60""#),
            (
                ["set": "2026-02-30T00:00:00Z"],
                #"set: must be a real date and time like 2026-01-01T00:00:00.000Z, not "2026-02-30T00:00:00Z""#
            ),
            (
                ["set": "2026-01-01T24:00:00Z"],
                #"set: must be a real date and time like 2026-01-01T00:00:00.000Z, not "2026-01-01T24:00:00Z""#
            ),
            (
                ["set": "1969-12-31T23:59:59Z"],
                "set: must be within 1970-01-01T00:00:00.000Z…9999-12-31T23:59:59.999Z, not 1969-12-31T23:59:59Z"
            ),
            (["set": 5], "set: must be a timestamp string, not 5"),
            (["advance": 1, "set": "2026-01-01T00:00:00Z"], "give either advance or set, not both"),
            (["advnce": 1], "advnce: is not a known field; use advance or set"),
            ([:], #"needs {"advance": seconds} or {"set": "2026-01-02T00:00:00.000Z"}"#),
            ("advance", "must be an object, not \"advance\""),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try ClockCommand(json: json), "\(json)") { error in
                XCTAssertEqual((error as? JSONFieldError)?.description, message)
            }
        }
    }

    func test_moveClock_throwsAndKeepsTime_whenAdvanceLeavesRange() {
        let fake = PushFake()
        XCTAssertThrowsError(try fake.moveClock(.advance(-1e15))) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, "advance")
        }
        XCTAssertThrowsError(try fake.moveClock(.advance(-2_000_000_000)))
        XCTAssertEqual(fake.now, FakeClock.defaultEpoch)
        XCTAssertEqual(try fake.moveClock(.advance(60)).pushFakeISO8601, "2026-01-01T00:01:00.000Z")
    }

    func test_parse_rejectsImpossibleCalendarTimes_whenGiven() {
        for text in [
            "2026-02-29 00:00:00", "2026-04-31T00:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z",
            "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00.1234567890Z", "2026-01-01T00:00:00 +2400",
            "2026-01-01T00:00:00 +0160", "2026-01-01T00:00:00.5.5Z",
        ] {
            XCTAssertNil(Date(pushFakeTimestamp: text), text)
        }
        XCTAssertEqual(
            Date(pushFakeTimestamp: "2024-02-29T12:00:00.5+01:00"), Date(timeIntervalSince1970: 1_709_204_400.5))
    }
}
