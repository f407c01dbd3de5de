import XCTest

@testable import PushFakeCore

final class DeterministicIDsTests: XCTestCase {
    func test_decimal_writesWhatStringInitWrites_atEveryLengthAndTheEnds() {
        // GIVEN values of every length from 1 to 20 digits, each power of ten and the one below it, and the ends
        var values: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 10
        while true {
            values += [power - 1, power, power + 1]
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { break }
            power = next
        }
        // AND 10,000 values of every length, drawn from a fixed seed
        var generator = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let value = generator.next()
            values.append(value >> (value % 64))
        }
        // WHEN each is written / THEN it reads as the standard conversion does
        for value in values {
            XCTAssertEqual(DeterministicIDs.decimal(value), String(value), "\(value)")
        }
    }

    func test_next_countsSixteenDigitIDsPerKind_fromTheSeedsDigits() {
        // GIVEN the default seed and a seeded one
        var plain = DeterministicIDs(seed: 0)
        var seeded = DeterministicIDs(seed: 42)
        // WHEN ids are made / THEN the first of a kind is its digit, the seed's four digits and the count
        XCTAssertEqual(plain.next(.delivery), "\(IDKind.delivery.digit)000000000000001")
        XCTAssertEqual(plain.next(.delivery), "\(IDKind.delivery.digit)000000000000002")
        let id = seeded.next(.delivery)
        XCTAssertEqual(id.utf8.count, 16)
        XCTAssertTrue(id.hasPrefix("\(IDKind.delivery.digit)"))
        XCTAssertTrue(id.hasSuffix("00000000001"))
        var again = DeterministicIDs(seed: 42)
        XCTAssertEqual(again.next(.delivery), id, "the same seed makes the same id")
    }
}
