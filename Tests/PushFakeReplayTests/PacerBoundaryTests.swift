import XCTest

@testable import PushFakeReplay

/// `ReplayOptions.rate` from the Swift API is not range-checked as `--rate` is: a rate of 0, a negative, NaN, an
/// infinite or a tiny one makes a pacer, never a trap in `Int64(_:)` (issue 16).
final class PacerBoundaryTests: XCTestCase {
    func test_pacer_isMade_forRatesOutsideTheFlagsRange() async {
        for rate in [0, -1, Double.nan, .infinity, -.infinity, 1e-300, .leastNonzeroMagnitude, 1e308] {
            let pacer = Pacer(rate: rate)
            await pacer.waitForSlot()
        }
    }
}
