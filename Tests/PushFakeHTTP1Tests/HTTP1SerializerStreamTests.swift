import PushFakeHTTP1
import XCTest

final class HTTP1SerializerStreamTests: XCTestCase {
    private func text(_ output: [UInt8]) -> String {
        String(decoding: output, as: UTF8.self)
    }

    private func head(_ framing: HTTP1BodyFraming, keepAlive: Bool = true, version: HTTP1Version = .http11) -> (
        String, HTTP1BodyFraming
    ) {
        var buffer: [UInt8] = []
        HTTP1Serializer.appendStatusLine(status: 200, into: &buffer)
        HTTP1Serializer.appendField(name: "Content-Type", value: "text/event-stream", into: &buffer)
        HTTP1Serializer.appendField(name: "content-length", value: "5", into: &buffer)
        let used = HTTP1Serializer.appendEndOfHead(
            framing: framing, status: 200, keepAlive: keepAlive, requestVersion: version, into: &buffer)
        return (text(buffer), used)
    }

    func test_endOfHead_writesTransferEncodingChunked_whenFramingIsChunked() {
        let (written, used) = head(.chunked)

        XCTAssertEqual(
            written, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        XCTAssertEqual(used, .chunked)
    }

    func test_endOfHead_fallsBackToCloseDelimited_whenHTTP10AsksForChunks() {
        let (written, used) = head(.chunked, version: .http10)

        XCTAssertEqual(written, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(used, .untilClose)
    }

    func test_endOfHead_saysConnectionClose_whenBodyRunsUntilClose() {
        XCTAssertEqual(
            head(.untilClose).0, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
    }

    func test_chunks_areSizedInHexAndEnded_whenAppended() {
        var buffer: [UInt8] = []

        HTTP1Serializer.appendChunk(bytes("data: 1\n\n"), into: &buffer)
        HTTP1Serializer.appendChunk([], into: &buffer)
        HTTP1Serializer.appendChunk([UInt8](repeating: 0x61, count: 300), into: &buffer)
        buffer += HTTP1Serializer.lastChunk

        XCTAssertEqual(
            text(buffer), "9\r\ndata: 1\n\n\r\n12c\r\n" + String(repeating: "a", count: 300) + "\r\n0\r\n\r\n")
    }

    func test_chunks_decodeToTheSameBytes_whenParsedBack() {
        var random = TestRandom(seed: 7)
        var wire = bytes("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        var sent: [UInt8] = []
        for _ in 0..<20 {
            let chunk = (0..<Int.random(in: 0...70, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            sent += chunk
            HTTP1Serializer.appendChunk(chunk, into: &wire)
        }
        wire += HTTP1Serializer.lastChunk

        XCTAssertEqual(
            events(feeding: [wire]),
            [
                .request(
                    HTTP1Request(
                        method: "POST", target: "/", headers: ["Host": "x", "Transfer-Encoding": "chunked"], body: sent)
                )
            ]
        )
    }
}
