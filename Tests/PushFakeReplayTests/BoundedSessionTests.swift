import Foundation
import PushFakeCore
import PushFakeFetch
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// The plain-HTTP exchanges of ``BoundedSession`` (replay, the upstream proxy): what they send, how they frame answers,
/// redirects, and the limits, against a server whose answers the test writes.
final class BoundedSessionTests: XCTestCase {
    private var server: PushFakeServer!
    private let seen = Locked<[FakeRequest]>([])

    override func setUpWithError() throws {
        let seen = self.seen
        server = PushFakeServer(fake: PushFake(), configuration: ServerConfiguration()) { request in
            seen.withLock { $0.append(request) }
            switch request.path {
            case "/see-other":
                return .response(FakeResponse(status: 303, headers: ["Location": "/landed?from=303"]))
            case "/moved":
                return .response(FakeResponse(status: 308, headers: ["Location": "/landed"]))
            case "/big":
                return .response(FakeResponse(status: 200, body: Array(repeating: 0x61, count: 5_000)))
            case "/stream":
                let stream = ResponseStream(headers: ["Content-Type": "text/plain"], maxQueuedBytes: 1 << 20)
                stream.send(Array("one,".utf8))
                stream.send(Array("two".utf8))
                stream.finish()
                return .stream(stream)
            default:
                return .response(FakeResponse(status: 200, headers: ["X-Echo": request.method], body: request.body))
            }
        }
        try server.start()
    }

    override func tearDown() {
        server.stop()
    }

    private func fetch(
        _ method: String, _ path: String, headers: [(name: String, value: String)] = [], body: String = "",
        maximumBytes: Int = 1 << 20, followsRedirects: Bool = true
    ) async throws -> BoundedSession.Outcome {
        let session = BoundedSession(
            configuration: .ephemeral, longestDeadline: 20, followsRedirects: followsRedirects)
        defer { session.invalidate() }
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(server.port)\(path)"))
        return await session.fetch(
            FetchRequest(method: method, url: url, headers: headers, body: Array(body.utf8)),
            limits: BoundedSession.Limits(deadline: 20, maximumBytes: maximumBytes))
    }

    func test_plainExchange_sendsHeadersInOrder_andReadsSizedAndChunkedAnswers() async throws {
        guard
            case .answered(let status, let headers, let body) = try await fetch(
                "POST", "/echo?a=%2F", headers: [("X-B", "2"), ("X-A", "1"), ("X-A", "3")], body: "hello")
        else { return XCTFail("no answer") }
        XCTAssertEqual(status, 200)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "hello")
        XCTAssertEqual(headers.first { $0.name == "X-Echo" }?.value, "POST")
        let request = try XCTUnwrap(seen.withLock { $0.last })
        XCTAssertEqual(request.query, "a=%2F")
        XCTAssertEqual(request.headers.fields.filter { $0.name.hasPrefix("X-") }.map(\.value), ["2", "1", "3"])
        guard case .answered(_, _, let streamed) = try await fetch("GET", "/stream") else { return XCTFail("stream") }
        XCTAssertEqual(String(decoding: streamed, as: UTF8.self), "one,two")
    }

    func test_plainExchange_followsRedirects_asAGetAfter303_orHandsThemBack() async throws {
        guard case .answered(let status, _, _) = try await fetch("POST", "/see-other", body: "x") else {
            return XCTFail("no answer")
        }
        XCTAssertEqual(status, 200)
        let landed = try XCTUnwrap(seen.withLock { $0.last })
        XCTAssertEqual([landed.method, landed.path, landed.query], ["GET", "/landed", "from=303"])
        guard case .answered(let kept, let headers, _) = try await fetch("GET", "/moved", followsRedirects: false)
        else { return XCTFail("no answer") }
        XCTAssertEqual(kept, 308)
        XCTAssertEqual(headers.first { $0.name == "Location" }?.value, "/landed")
    }

    func test_plainExchange_refusesAnAnswerOverTheCap_andSaysWhenNobodyListens() async throws {
        guard case .failed(.tooLarge(let limit)) = try await fetch("GET", "/big", maximumBytes: 4_096) else {
            return XCTFail("not refused")
        }
        XCTAssertEqual(limit, 4_096)
        let session = BoundedSession(configuration: .ephemeral, longestDeadline: 5, followsRedirects: true)
        defer { session.invalidate() }
        let outcome = await session.fetch(
            FetchRequest(method: "GET", url: try XCTUnwrap(URL(string: "http://127.0.0.1:9/x"))),
            limits: BoundedSession.Limits(deadline: 5, maximumBytes: 1_024))
        guard case .failed(.transport(let error as URLError)) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(error.code, .cannotConnectToHost)
    }
}
