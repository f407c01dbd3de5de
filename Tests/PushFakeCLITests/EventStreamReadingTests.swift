import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

@testable import pushfake

/// How `pushfake tail` reads a stream it does not trust, a piece at a time: event parsing with a size cap, and body
/// framing without holding a chunk whole.
final class EventStreamReadingTests: XCTestCase {
    func test_events_arriveWhateverThePieces_andAnEventOverTheCapThrows() throws {
        let text = Array("retry: 2000\n\nid: 1\nevent: entry\ndata: {\"a\":1}\r\n\n: beat\n\ndata: x\ndata: y\n\n".utf8)
        var parser = ServerSentEvents(maximumEventBytes: 1_024)
        var events: [ServerSentEvents.Event] = []
        for byte in text { events += try parser.feed([byte]) }
        XCTAssertEqual(events, [.init(name: "entry", data: #"{"a":1}"#), .init(name: "message", data: "x\ny")])
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

    func test_bodyReader_undoesChunking_inAnyPieces_andRefusesBrokenFraming() throws {
        let chunked = Array("5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\nignored".utf8)
        var reader = try ResponseBodyReader(headers: ["Transfer-Encoding": "chunked"])
        var body: [UInt8] = []
        for byte in chunked { body += try reader.decode([byte]) }
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "hello world")
        XCTAssertTrue(reader.isComplete)
        var sized = try ResponseBodyReader(headers: ["Content-Length": "3"])
        XCTAssertEqual(try sized.decode(Array("abcdef".utf8)), Array("abc".utf8))
        XCTAssertTrue(sized.isComplete)
        var open = try ResponseBodyReader(headers: [:])
        XCTAssertEqual(open.framing, .untilClose)
        XCTAssertEqual(try open.decode([1, 2]), [1, 2])
        for broken in ["zz\r\n", "5\r\nhelloXX\r\n", String(repeating: "1", count: 5_000)] {
            var bad = try ResponseBodyReader(headers: ["Transfer-Encoding": "chunked"])
            XCTAssertThrowsError(try bad.decode(Array(broken.utf8)), broken)
        }
        XCTAssertThrowsError(try ResponseBodyReader(headers: ["Transfer-Encoding": "gzip"]))
        XCTAssertThrowsError(try ResponseBodyReader(headers: ["Content-Length": "-1"]))
    }
}
