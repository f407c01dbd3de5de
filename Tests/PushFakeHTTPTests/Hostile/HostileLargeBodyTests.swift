import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// A body over the limit is answered 413 as soon as its head arrives; a client that keeps sending it (no
/// `Expect: 100-continue`) must still read that answer, not a connection reset. Under both I/O models.
final class HostileLargeBodyTests: HostileTestCase {
    private static let head =
        "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: 1000000\r\n\r\n"

    func test_bodyOverTheLimit_answers413TheClientReads_whenItKeepsSendingSlowly() throws {
        for model in ServerConfiguration.IOModel.allCases {
            // A linger far longer than the sending takes, so that a loaded machine cannot make it run out.
            try restart {
                $0.ioModel = model
                $0.rejectionLinger = 60
            }
            let client = try RawConnection(port: port, receiveTimeout: 30)
            XCTAssertTrue(client.send(Self.head), "\(model)")
            // 512 KiB in pieces, well past the 16 KiB limit, after the server has answered and would have closed.
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 8_192)
            for index in 0..<64 {
                guard client.send(piece) else { return XCTFail("\(model): the connection was reset at piece \(index)") }
                usleep(2_000)
            }
            let (bytes, ending) = client.readToEnd()
            let answer = RawAnswer(bytes: bytes, ending: ending)
            XCTAssertEqual(answer.status, 413, "\(model): \(answer.text)")
            XCTAssertEqual(answer.json?["status"], 413, "\(model)")
            XCTAssertEqual(answer.json?["error"], "body exceeds 16384 bytes", "\(model)")
            XCTAssertTrue(answer.closedByServer, "\(model)")
            assertServed("after a body over the limit (\(model))")
        }
    }
}
