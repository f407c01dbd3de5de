import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

final class ConnectionMachineTimeoutTests: XCTestCase {
    func test_requestTimeout_answers408WithTheBytesSoFar_countedFromTheFirstByteOfALaterRequest() {
        var harness = MachineHarness(idleTimeout: 60, requestTimeout: 2)
        harness.feed(get("/first"))
        _ = harness.written()
        harness.advance(by: 30)
        XCTAssertFalse(harness.isClosed, "an idle kept-alive connection is not a slow request")

        harness.feed("POST /x HTTP/1.1\r\nHost: x\r\nContent-Le")
        XCTAssertEqual(harness.machine.deadline, harness.now + 2 * MachineHarness.second)
        harness.advance(by: 1)
        harness.feed("ngth: 5\r\n\r\nab")
        harness.advance(by: 0.999)
        XCTAssertEqual(harness.written(), "", "more bytes do not restart the request timer")
        harness.advance(by: 0.001)

        XCTAssertTrue(harness.written().hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        XCTAssertEqual(harness.responder.rejections.first?.rejection, .timedOut)
        XCTAssertEqual(
            harness.responder.rejections.first?.bytes,
            Array("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nab".utf8))
        XCTAssertTrue(harness.isClosed)
    }

    func test_firstRequest_mustArriveWithinTheRequestTimeoutFromTheAccept() {
        var harness = MachineHarness(idleTimeout: 60, requestTimeout: 2)
        XCTAssertEqual(harness.machine.deadline, harness.now + 2 * MachineHarness.second)
        harness.advance(by: 1.5)
        harness.feed("GET /slow HTTP/1.1\r\n")
        XCTAssertEqual(harness.machine.deadline, harness.now + MachineHarness.second / 2, "still from the accept")
        harness.advance(by: 0.5)

        XCTAssertTrue(harness.written().hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        XCTAssertEqual(harness.responder.rejections.first?.rejection, .timedOut)
        XCTAssertTrue(harness.isClosed)
    }

    func test_connectionThatSendsNothing_isClosedSilently_afterTheRequestTimeoutNotTheIdleTimeout() {
        var harness = MachineHarness(idleTimeout: 60, requestTimeout: 2)
        harness.advance(by: 1.999)
        XCTAssertFalse(harness.isClosed)
        harness.advance(by: 0.001)

        XCTAssertTrue(harness.isClosed)
        XCTAssertEqual(harness.written(), "", "nothing was asked, so nothing is answered or journaled")
        XCTAssertTrue(harness.responder.rejections.isEmpty)
    }

    func test_idleTimeout_closesWithoutAnswer_countedFromTheLastAnswer() {
        var harness = MachineHarness(idleTimeout: 5, requestTimeout: 2)
        harness.advance(by: 1)
        harness.feed(get("/a"))
        _ = harness.written()

        harness.advance(by: 4.999)
        XCTAssertFalse(harness.isClosed)
        harness.advance(by: 0.001)

        XCTAssertTrue(harness.isClosed)
        XCTAssertEqual(harness.written(), "")
    }

    func test_strayEmptyLines_doNotStartTheRequestTimer() {
        var harness = MachineHarness(idleTimeout: 60, requestTimeout: 1)
        harness.feed(get("/a") + "\r\n")
        _ = harness.written()

        harness.advance(by: 5)

        XCTAssertFalse(harness.isClosed)
        XCTAssertNil(harness.machine.requestStarted)
    }

    func test_closingConnection_isGivenUp_whenThePeerTakesNothingForAnIdleTimeout() {
        var harness = MachineHarness(idleTimeout: 3)
        harness.feed(get("/a", "Connection: close\r\n"))
        XCTAssertTrue(harness.machine.hasPendingOutput)

        harness.advance(by: 3)

        XCTAssertTrue(harness.isClosed)
    }

    func test_deadline_isTheEarliestThingToCheck_inEachPhase() {
        var harness = MachineHarness(idleTimeout: 10, requestTimeout: 3)
        XCTAssertEqual(harness.machine.deadline, harness.now + 3 * MachineHarness.second, "first request")
        harness.feed(get("/first"))
        _ = harness.written()
        let start = harness.now
        XCTAssertEqual(harness.machine.deadline, start + 10 * MachineHarness.second, "idle")
        harness.feed("GET / HTTP/1.1\r\nHost: x\r\n")
        XCTAssertEqual(harness.machine.deadline, start + 3 * MachineHarness.second, "request")
        harness.responder.replies["/"] = .response(FakeResponse(status: 200), delay: 7)
        harness.feed("\r\n")
        XCTAssertEqual(harness.machine.deadline, start + 7 * MachineHarness.second, "held answer")
    }
}
