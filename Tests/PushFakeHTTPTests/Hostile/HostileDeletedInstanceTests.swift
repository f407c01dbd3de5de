import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// What a client holds open on an instance — a wait, an events stream — ends at once when the instance is deleted,
/// with an answer that names it, and nothing of the instance is held afterwards (issue 16, item 3). The same at the
/// server's stop: waits answer 503, streams end with a final event.
final class HostileDeletedInstanceTests: HostileTestCase {
    /// A wait much longer than any test: a wait that holds on until its timeout shows as a test that fails.
    private let wait = #"{"match":{"operation":"register"},"timeout":600}"#

    /// Holds a reference without keeping its object alive.
    private final class WeakReference {
        weak var engine: PushFake?
    }

    private func createInstance() throws -> String {
        let client = try LoopbackHTTPClient(port: port)
        let created = try XCTUnwrap(client.request("POST", "/__pushfake/instances")?.json)
        return try XCTUnwrap(created["id"]?.stringValue)
    }

    /// Sends a wait for a register and returns once the server holds it.
    private func heldWait(prefix: String = "") throws -> RawConnection {
        let before = server.heldReplies.count
        let client = try RawConnection(port: port, receiveTimeout: 30)
        client.send(
            "POST \(prefix)/__pushfake/wait HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(wait.utf8.count)\r\n\r\n\(wait)")
        XCTAssertTrue(eventually { self.server.heldReplies.count == before + 1 }, "the wait is not held")
        return client
    }

    func test_heldWaitAndStream_endAtOnce_namingTheInstance_andReleaseTheEngine_whenItsInstanceIsDeleted() throws {
        let id = try createInstance()
        let reference = WeakReference()
        reference.engine = server.instances.engine(id)
        XCTAssertNotNil(reference.engine)
        let waiting = try heldWait(prefix: "/i/\(id)")
        let stream = try EventStreamReader(port: port, path: "/i/\(id)/__pushfake/events")
        XCTAssertNotNil(stream.next("open"))

        let admin = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(admin.request("DELETE", "/__pushfake/instances/\(id)")?.status, 200)

        // 410, not the 408 its timeout would give.
        let answer = try XCTUnwrap(waiting.readAnswer(), "the wait was not answered")
        XCTAssertEqual(answer.status, 410, answer.text)
        XCTAssertEqual(answer.json?["instance"]?.stringValue, id)
        XCTAssertEqual(answer.json?["error"]?.stringValue, "instance \(id) was deleted while this wait was held")
        let end = try XCTUnwrap(stream.next("end"))
        XCTAssertEqual(end.json?["reason"], "instanceDeleted")
        XCTAssertEqual(end.json?["instance"]?.stringValue, id)
        XCTAssertTrue(stream.readToEnd())
        XCTAssertEqual(server.heldReplies.count, 0)
        // Nothing holds the deleted instance's engine: not the wait's observer or timer, not the events hub.
        XCTAssertTrue(eventually { reference.engine == nil }, "the deleted instance's engine is still referenced")
        assertServed("after the instance was deleted")
    }

    func test_waitOfAnotherInstance_goesOn_whenOneInstanceIsDeleted() throws {
        let kept = try createInstance()
        let deleted = try createInstance()
        let waiting = try heldWait(prefix: "/i/\(kept)")
        let admin = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(admin.request("DELETE", "/__pushfake/instances/\(deleted)")?.status, 200)

        admin.send(rawRegister(device: "D", prefix: "/i/\(kept)"))
        XCTAssertEqual(admin.readResponse()?.status, 200)

        let answer = try XCTUnwrap(waiting.readAnswer(), "the wait was not answered")
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(answer.json?["ok"], true)
    }

    func test_stop_answersHeldWaits503_andEndsStreamsWithAFinalEvent_atOnce() throws {
        try restart { $0.shutdownGrace = 30 }
        let waiting = try heldWait()
        let stream = try EventStreamReader(port: port)
        XCTAssertNotNil(stream.next("open"))
        let started = Date()

        Self.stopWithWatchdog(server, seconds: 25)

        // Well inside the 30 s grace: nothing was left in flight once the wait and the stream had ended.
        XCTAssertLessThan(Date().timeIntervalSince(started), 25)
        let answer = RawAnswer(bytes: waiting.readToEnd().bytes, ending: .closed)
        XCTAssertEqual(answer.status, 503, answer.text)
        XCTAssertEqual(answer.json?["error"], "the server is shutting down")
        XCTAssertTrue(answer.text.contains("Connection: close\r\n"), answer.text)
        XCTAssertEqual(stream.next("end")?.json?["reason"], "shutdown")
        XCTAssertTrue(stream.readToEnd())
    }
}
