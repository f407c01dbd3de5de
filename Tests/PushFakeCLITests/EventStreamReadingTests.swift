import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

@testable import pushfake

/// How `pushfake tail` reads a stream it does not trust, a piece at a time: event parsing with a size cap (the body's
/// framing is the codec's, HTTP1ResponseParserTests).
final class EventStreamReadingTests: XCTestCase {
    func test_events_arriveWhateverThePieces_andAnEventOverTheCapThrows() throws {
        let text = Array("retry: 2000\n\nid: 1\nevent: entry\ndata: {\"a\":1}\r\n\n: beat\n\ndata: x\ndata: y\n\n".utf8)
        var parser = ServerSentEvents(maximumEventBytes: 1_024)
        var events: [ServerSentEvents.Event] = []
        for byte in text { events += try parser.feed([byte]) }
        XCTAssertEqual(
            events, [.init(name: "entry", data: #"{"a":1}"#, id: "1"), .init(name: "message", data: "x\ny")])
        XCTAssertEqual(parser.lastEventID, "1")
        // A line that never ends passes the cap however it is cut.
        var small = ServerSentEvents(maximumEventBytes: 1_024)
        XCTAssertNoThrow(try small.feed(Array(repeating: 0x61, count: 1_000)))
        XCTAssertThrowsError(try small.feed(Array(repeating: 0x61, count: 100))) { error in
            XCTAssertEqual(error as? ServerSentEvents.Failure, .eventTooLarge(limit: 1_024))
        }
        // So does an event of many short lines; a stream of many small events does not.
        var lines = ServerSentEvents(maximumEventBytes: 1_024)
        XCTAssertThrowsError(try lines.feed(Array(String(repeating: "data: x\n", count: 200).utf8)))
        var many = ServerSentEvents(maximumEventBytes: 1_024)
        XCTAssertEqual(try many.feed(Array(String(repeating: "data: x\n\n", count: 10_000).utf8)).count, 10_000)
    }
}
