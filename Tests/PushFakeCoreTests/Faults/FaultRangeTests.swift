import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The Swift fault builders keep their numbers in the ranges of the JSON form, so no rule traps later (issue 8).
final class FaultRangeTests: XCTestCase {
    func test_delay_isClampedToOneDay_whenHugeNegativeOrNaN() {
        XCTAssertEqual(Fault.delay(1e300).delay, 86_400)
        XCTAssertEqual(Fault.delay(-5).delay, 0)
        XCTAssertEqual(Fault.delay(.nan).delay, 0)
        XCTAssertEqual(Fault.status(503).delayed(by: .infinity).delay, 86_400)
        XCTAssertEqual(Fault.delay(2.5).delay, 2.5)
    }

    func test_hugeDelay_doesNotTrapInFlightTracking_whenTPNSRegisterIsDelayed() {
        // Before the fix, UInt64(1e300 * 1e9) trapped in TPNSState.markInFlight.
        let fake = PushFake(PushFakeConfiguration(stateChecks: true))
        fake.inject(.delay(1e300), when: .tpns(.register))
        let exchange = fake.tpnsRegister()
        XCTAssertEqual(exchange.response.status, 200)
        XCTAssertEqual(exchange.delay, 86_400)
        XCTAssertEqual(fake.tpnsRegister().response.status, 409, "the first register is still in flight: -1001")
    }

    func test_status_isClampedTo200Through599_whenOutOfRange() {
        let fake = PushFake()
        fake.inject(.status(99999), when: .tpns(.register))
        fake.inject(.status(-1), when: .tpns(.unregister))
        fake.inject(.status(101), when: .tpns(.pushNotifications))
        XCTAssertEqual(fake.tpnsRegister().response.status, 599)
        XCTAssertEqual(fake.tpnsUnregister(deviceId: "x").response.status, 200)
        XCTAssertEqual(fake.send("POST", "/TPNS/api/pushnotifications", json: "[]").response.status, 200)
        XCTAssertEqual(fake.journal.entries.map { $0.fault != nil }, [true, true, true])
    }

    func test_scope_isClampedToJSONRanges_whenOutOfRange() {
        XCTAssertEqual(FaultScope.times(0).limit, 1)
        XCTAssertEqual(FaultScope.times(-5).limit, 1)
        XCTAssertEqual(FaultScope.times(Int.max).limit, 1_000_000)
        XCTAssertEqual(FaultScope.after(Int.max).skip, 1_000_000_000)
        XCTAssertEqual(FaultScope.after(-3).skip, 0)
        XCTAssertEqual(FaultScope.probability(.nan).probability, 0)
        XCTAssertEqual(FaultScope.probability(7).probability, 1)
        let fake = PushFake()
        fake.inject(.status(500), when: .tpns(.register), scope: .times(-5))
        XCTAssertEqual(fake.tpnsRegister().response.status, 500, "a rule of -5 times still fires once")
    }
}
