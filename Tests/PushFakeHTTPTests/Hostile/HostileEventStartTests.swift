import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// Where a new events subscriber starts is fixed when its response head is produced, however busy the events thread
/// is with other subscribers (issue 16, item 2): a request made after the head arrived always reaches the stream. And a
/// replay of a journal bigger than the subscriber's buffer reaches it whole, paced by what it reads.
final class HostileEventStartTests: HostileTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try restart { $0.requestTimeout = 30 }
    }

    /// Opens a stream that replays the whole journal and never reads it.
    private func stalledReplayer() throws -> RawConnection {
        let reader = try RawConnection(port: port, receiveBuffer: 8 * 1024)
        reader.send("GET /__pushfake/events?since=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return reader
    }

    /// Opens a stream, waits for its head, registers its own device, and reads until that register's entry comes.
    private func subscriberSeesItsOwnRequest(_ device: String) throws -> Bool {
        let reader = try EventStreamReader(port: port)
        let client = try LoopbackHTTPClient(port: port, receiveTimeout: 30)
        client.send(rawRegister(device: device))
        guard client.readResponse()?.status == 200 else { return false }
        return reader.read(until: { events in
            events.contains { $0.name == "entry" && $0.data.contains(#""deviceId":"\#(device)""#) }
        })
    }

    func test_newSubscriber_seesTheRequestMadeAfterItsHead_whileAnotherReplaysA20000EntryJournal() throws {
        fake.fillJournal(20_000)
        let replaying = try stalledReplayer()
        guard case .bytes = replaying.read() else { return XCTFail("the replaying stream did not start") }

        XCTAssertTrue(try subscriberSeesItsOwnRequest("mine"))
        withExtendedLifetime(replaying) {}
    }

    func test_fifteenNewSubscribers_eachSeeTheirOwnRequest_whileThirtyOthersReplay() throws {
        fake.fillJournal(20_000)
        var replaying: [RawConnection] = []
        for _ in 0..<30 { replaying.append(try stalledReplayer()) }
        for reader in replaying {
            guard case .bytes = reader.read() else { return XCTFail("a replaying stream did not start") }
        }

        for index in 0..<15 {
            XCTAssertTrue(try subscriberSeesItsOwnRequest("new-\(index)"), "subscriber \(index) missed its request")
        }
        withExtendedLifetime(replaying) {}
    }

    /// A replay is paced, so its queue never grows: a client that reads nothing is found by the news that goes by
    /// meanwhile. (Before, such a subscriber was never dropped, and its stream held the events thread's attention.)
    func test_replayingSubscriber_thatReadsNothing_isDroppedWithAFinalEvent_whileNewsGoesBy() throws {
        try restart { $0.eventsBufferBytes = 64 * 1024 }
        fake.fillJournal(20_000)
        let stalled = try stalledReplayer()
        guard case .bytes = stalled.read() else { return XCTFail("the replaying stream did not start") }
        let hub = try XCTUnwrap(server.eventHub(for: fake))
        let sender = try LoopbackHTTPClient(port: port, receiveTimeout: 30)
        // The replay fills the kernel's buffers between news, a round at a time; on a loaded machine the events
        // thread runs rarely and takes news in big batches, so how many registers that needs varies: send until the
        // drop, for at most two minutes.
        let deadline = Date().addingTimeInterval(120)
        var sent = 0
        while hub.droppedCount == 0, Date() < deadline {
            sender.send(rawRegister(device: "N\(sent)"))
            guard sender.readResponse()?.status == 200 else { return XCTFail("register \(sent) not answered") }
            sent += 1
        }
        // The events thread hands news to subscribers on its own time: on a loaded machine it may still be behind the
        // last register.
        XCTAssertTrue(eventually(within: 60) { hub.droppedCount > 0 }, "after \(sent) registers")
        XCTAssertEqual(hub.droppedCount, 1, "after \(sent) registers")
        // What was queued for it, then the final event and the end of the stream.
        var bytes: [UInt8] = []
        while !bytes.suffix(7).elementsEqual(Array("\r\n0\r\n\r\n".utf8)), case .bytes(let more) = stalled.read() {
            bytes += more
        }
        let text = String(decoding: bytes.suffix(2_000), as: UTF8.self)
        XCTAssertTrue(text.contains("event: dropped\ndata: {\"reason\":\"the subscriber fell more than 65536"), text)
        XCTAssertTrue(try subscriberSeesItsOwnRequest("after"), "the events thread serves others as ever")
    }

    func test_replayBiggerThanTheSubscribersBuffer_arrivesWhole_whenTheClientReadsIt() throws {
        try restart { $0.eventsBufferBytes = 64 * 1024 }
        // About 1.5 MB of entries: 25 times the buffer.
        fake.fillJournal(2_000)

        let reader = try EventStreamReader(port: port, path: "/__pushfake/events?since=0")

        XCTAssertTrue(reader.read(until: { _ in reader.sequences.count == 2_000 }), "\(reader.sequences.count)")
        XCTAssertEqual(reader.sequences, Array(1...2_000))
        XCTAssertFalse(reader.events.contains { $0.name == "dropped" })
        XCTAssertEqual(server.eventHub(for: fake)?.droppedCount, 0)
        // Then live.
        let client = try LoopbackHTTPClient(port: port)
        client.send(rawRegister(device: "after"))
        XCTAssertEqual(client.readResponse()?.status, 200)
        XCTAssertTrue(reader.read(until: { _ in reader.sequences.last == 2_001 }))
    }
}
