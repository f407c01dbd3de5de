import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// The connection's phase as a pure value: every legal transition, and illegal ones closing the connection (the
/// release path, observed through the failure handler instead of the debug assertion).
final class ConnectionLifecycleTests: XCTestCase {
    private let facts = RequestFacts(keepAlive: true, isHead: false, version: .http11)

    /// Collects the illegal transitions a lifecycle reports.
    private final class Reports: Sendable {
        private let list = Locked<[ConnectionLifecycle.IllegalTransition]>([])
        var all: [ConnectionLifecycle.IllegalTransition] { list.withLock { $0 } }
        func add(_ report: ConnectionLifecycle.IllegalTransition) { list.withLock { $0.append(report) } }
    }

    private func lifecycle(_ reports: Reports = Reports()) -> ConnectionLifecycle {
        ConnectionLifecycle(onIllegal: { reports.add($0) })
    }

    private func name(_ lifecycle: ConnectionLifecycle) -> String {
        switch lifecycle.phase {
        case .reading: return "reading"
        case .holding: return "holding"
        case .awaiting: return "awaiting"
        case .streaming: return "streaming"
        case .closing: return "closing"
        case .lingering(let until, let budget): return "lingering(\(until),\(budget))"
        case .closed: return "closed"
        }
    }

    func test_lifecycle_followsEveryLegalTransition_whenEventsComeInOrder() {
        let reports = Reports()
        var life = lifecycle(reports)
        XCTAssertEqual(name(life), "reading")
        life.answerQueued(keepAlive: true)
        XCTAssertEqual(name(life), "reading")
        life.answerHeld(.drop, until: 5)
        XCTAssertEqual(name(life), "holding")
        life.holdEnded()
        XCTAssertEqual(name(life), "reading")
        life.answerDeferred(DeferredResponse(), until: nil, onTimeout: FakeResponse(status: 504), facts)
        XCTAssertEqual(name(life), "awaiting")
        life.deferredEnded()
        XCTAssertEqual(name(life), "reading")
        life.streamStarted(ResponseStream(), framing: .chunked, facts)
        XCTAssertEqual(name(life), "streaming")
        life.streamEnded(keepAlive: true)
        XCTAssertEqual(name(life), "reading")
        life.streamStarted(ResponseStream(), framing: .untilClose, facts)
        life.streamEnded(keepAlive: false)
        XCTAssertEqual(name(life), "closing")
        life.lingerStarted(until: 9, budget: 10)
        XCTAssertEqual(name(life), "lingering(9,10)")
        life.lingerDiscarded(4)
        XCTAssertEqual(name(life), "lingering(9,6)")
        life.lingerDiscarded(6)
        XCTAssertEqual(name(life), "closed")
        life.closed()
        XCTAssertEqual(name(life), "closed", "closing twice (an abort after a timeout) is harmless")
        XCTAssertEqual(reports.all, [])
    }

    func test_lifecycle_movesFromReadingToClosing_forEachReasonToClose() {
        let reasons: [(String, (inout ConnectionLifecycle) -> Void)] = [
            ("answerQueued(keepAlive: false)", { $0.answerQueued(keepAlive: false) }),
            ("halfClosed", { $0.halfClosed() }),
            ("requestRejected", { $0.requestRejected() }),
            ("answerDropped", { $0.answerDropped() }),
            ("drainStarted(hasPendingOutput: true)", { $0.drainStarted(hasPendingOutput: true) }),
        ]
        for (label, transition) in reasons {
            let reports = Reports()
            var life = lifecycle(reports)
            transition(&life)
            XCTAssertEqual(name(life), "closing", label)
            XCTAssertEqual(reports.all, [], label)
        }
        var idle = lifecycle()
        idle.drainStarted(hasPendingOutput: false)
        XCTAssertEqual(name(idle), "closed", "an idle connection closes at once when the server stops")
    }

    func test_lifecycle_closesFromEveryPhase_whenTheConnectionEnds() {
        let starts: [(inout ConnectionLifecycle) -> Void] = [
            { _ in },
            { $0.answerHeld(.drop, until: 1) },
            { $0.answerDeferred(DeferredResponse(), until: 1, onTimeout: FakeResponse(status: 504), self.facts) },
            { $0.streamStarted(ResponseStream(), framing: .chunked, self.facts) },
            { $0.halfClosed() },
            {
                $0.requestRejected()
                $0.lingerStarted(until: 1, budget: 1)
            },
        ]
        for start in starts {
            let reports = Reports()
            var life = lifecycle(reports)
            start(&life)
            life.closed()
            XCTAssertEqual(name(life), "closed")
            XCTAssertEqual(reports.all, [])
        }
    }

    func test_illegalTransition_isReportedAndCloses_whenStreamEndsWhileReading() {
        let reports = Reports()
        var life = lifecycle(reports)

        life.streamEnded(keepAlive: true)

        XCTAssertEqual(name(life), "closed", "release builds close rather than frame the next answer wrong")
        XCTAssertEqual(reports.all, [.init(transition: "streamEnded", phase: "reading")])
    }

    func test_illegalTransition_cancelsTheProducer_whenAnAnswerIsQueuedWhileStreaming() {
        let reports = Reports()
        var life = lifecycle(reports)
        let stream = ResponseStream()
        life.streamStarted(stream, framing: .chunked, facts)

        life.answerQueued(keepAlive: true)

        XCTAssertEqual(name(life), "closed")
        XCTAssertTrue(stream.source.isCancelled, "the stream's producer learns the connection is gone")
        XCTAssertEqual(reports.all, [.init(transition: "answerQueued", phase: "streaming")])
    }

    func test_illegalTransition_isReported_forEachWrongStartingPhase() {
        let reports = Reports()
        var holding = lifecycle(reports)
        holding.answerHeld(.drop, until: 1)
        holding.answerHeld(.drop, until: 2)
        var closing = lifecycle(reports)
        closing.halfClosed()
        closing.deferredEnded()
        var closed = lifecycle(reports)
        closed.closed()
        closed.lingerDiscarded(1)
        var reading = lifecycle(reports)
        reading.lingerStarted(until: 1, budget: 1)
        reading.holdEnded()

        XCTAssertEqual(
            reports.all.map(\.description),
            [
                "illegal connection transition answerHeld while holding",
                "illegal connection transition deferredEnded while closing",
                "illegal connection transition lingerDiscarded while closed",
                "illegal connection transition lingerStarted while reading",
                "illegal connection transition holdEnded while closed",
            ])
        for life in [holding, closing, closed, reading] { XCTAssertEqual(name(life), "closed") }
    }
}
