import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// After a 413 the connection does not close under a client still sending its body: it shuts its sending side and
/// reads and discards until the client's input ends, a byte budget or a deadline (ConnectionMachine+Linger.swift).
final class ConnectionMachineLingerTests: XCTestCase {
    private static let tooLarge = "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n"

    private func harness(lingerSeconds: Double = 5, lingerBytes: Int = 1_000) -> MachineHarness {
        var harness = MachineHarness(limits: HTTP1Parser.Limits(maxBodyBytes: 10))
        harness.machine = ConnectionMachine(
            configuration: {
                var configuration = harness.machine.configuration
                configuration.lingerTimeout = Nanoseconds.from(seconds: lingerSeconds)
                configuration.lingerBytes = lingerBytes
                return configuration
            }(), responder: harness.responder, now: harness.now)
        return harness
    }

    func test_bodyOverTheLimit_answers413_thenShutsWritingAndDiscardsUntilTheInputEnds() {
        var harness = harness()
        harness.feed(Self.tooLarge + String(repeating: "x", count: 100))

        XCTAssertTrue(harness.written().hasPrefix("HTTP/1.1 413 "))
        XCTAssertFalse(harness.isClosed)
        XCTAssertTrue(harness.machine.wantsWriteShutdown)
        harness.machine.didShutDownWrite()
        XCTAssertFalse(harness.machine.wantsWriteShutdown)
        XCTAssertTrue(harness.machine.wantsToRead)

        harness.feed(String(repeating: "y", count: 500))
        XCTAssertEqual(harness.written(), "", "what comes while lingering is neither parsed nor answered")
        XCTAssertEqual(harness.responder.requests.count, 0)
        XCTAssertFalse(harness.isClosed)

        harness.machine.inputEnded(now: harness.now)
        XCTAssertTrue(harness.isClosed)
    }

    func test_lingering_endsAfterItsByteBudget() {
        var harness = harness(lingerBytes: 1_000)
        harness.feed(Self.tooLarge)
        _ = harness.written()
        harness.feed(String(repeating: "y", count: 999))
        XCTAssertFalse(harness.isClosed)
        harness.feed("y")
        XCTAssertTrue(harness.isClosed)
    }

    func test_lingering_endsAtItsDeadline() {
        var harness = harness(lingerSeconds: 5)
        harness.feed(Self.tooLarge)
        _ = harness.written()
        XCTAssertEqual(harness.machine.deadline, harness.now + 5 * MachineHarness.second)
        harness.advance(by: 4.9)
        XCTAssertFalse(harness.isClosed)
        harness.advance(by: 0.2)
        XCTAssertTrue(harness.isClosed)
    }

    func test_bodyOverTheLimit_closesAtOnce_whenTheInputHasEndedAlready() {
        var harness = harness()
        harness.feed(Self.tooLarge)
        harness.machine.inputEnded(now: harness.now)
        XCTAssertTrue(harness.written().hasPrefix("HTTP/1.1 413 "))
        XCTAssertTrue(harness.isClosed)
        XCTAssertFalse(harness.machine.wantsWriteShutdown)
    }

    func test_otherRejections_closeWithoutLingering() {
        var harness = harness()
        harness.feed("THIS IS NOT HTTP\r\n\r\n")
        XCTAssertTrue(harness.written().hasPrefix("HTTP/1.1 400 "))
        XCTAssertTrue(harness.isClosed)
    }
}
