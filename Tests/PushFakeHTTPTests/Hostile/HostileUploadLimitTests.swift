import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// State documents and recordings have body limits of their own (`--max-state-bytes`, `--max-recording-bytes`),
/// at the top level and under instances; every other request keeps `--max-body-bytes` (16 KiB here). A body over
/// its limit is refused with 413 from its head, before it is read.
final class HostileUploadLimitTests: HostileTestCase {
    override func setUpWithError() throws {
        try startServer {
            Self.configureSmall(&$0)
            $0.maxStateBytes = 64 * 1_024
            $0.maxRecordingBytes = 32 * 1_024
        }
    }

    /// A state document of about `bytes` bytes: one TPNS device with padding in its additional parameters.
    private static func stateDocument(bytes: Int) -> String {
        let padding = String(repeating: "p", count: max(0, bytes - 200))
        return #"{"vendors":{"tpns":{"devices":[{"applicationKey":"K","deviceId":"D1","applicationType":"IOS","#
            + #""additionalParameters":[{"key":"padding","value":"\#(padding)"}]}]}}}"#
    }

    private func put(_ path: String, _ body: String, chunked: Bool = false) throws -> RawAnswer {
        let framing =
            chunked
            ? "Transfer-Encoding: chunked\r\n\r\n\(String(body.utf8.count, radix: 16))\r\n\(body)\r\n0\r\n\r\n"
            : "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        return try answer(
            to: "PUT \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n"
                + framing)
    }

    func test_stateDocument_overTheBodyLimitButUnderTheStateLimit_isLoaded() throws {
        let answer = try put("/__pushfake/state", Self.stateDocument(bytes: 40_000))
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(answer.json?["vendors"]?["tpns"]?["devices"], 1)
        XCTAssertEqual(fake.views(.devices).first?.json[0]?["deviceId"], "D1")
    }

    func test_stateDocument_overTheStateLimit_answers413NamingTheFlag() throws {
        for chunked in [false, true] {
            let answer = try put("/__pushfake/state", Self.stateDocument(bytes: 70_000), chunked: chunked)
            XCTAssertEqual(answer.status, 413, answer.text)
            XCTAssertEqual(
                answer.json?["error"],
                "body exceeds 65536 bytes, the limit for state documents (pushfake serve --max-state-bytes)")
        }
        // An absolute-form target is the same route, with the same limit.
        let absolute = try put("http://127.0.0.1:\(port)/__pushfake/state", Self.stateDocument(bytes: 70_000))
        XCTAssertEqual(absolute.status, 413, absolute.text)
        XCTAssertEqual(
            absolute.json?["error"],
            "body exceeds 65536 bytes, the limit for state documents (pushfake serve --max-state-bytes)")
        XCTAssertFalse(fake.stateSnapshot().serializedString().contains(#""padding""#), "nothing was loaded")
        XCTAssertEqual(
            try put("http://127.0.0.1:\(port)/__pushfake/state", Self.stateDocument(bytes: 40_000)).status, 200)
        XCTAssertTrue(fake.stateSnapshot().serializedString().contains(#""padding""#))
    }

    func test_instanceStateDocument_hasTheStateLimit() throws {
        let id = try XCTUnwrap(server.instances.add(PushFake()))
        XCTAssertEqual(try put("/i/\(id)/__pushfake/state", Self.stateDocument(bytes: 40_000)).status, 200)
        XCTAssertEqual(try put("/i/\(id)/__pushfake/state", Self.stateDocument(bytes: 70_000)).status, 413)
    }

    func test_recording_hasTheRecordingLimit_andOtherBodiesKeepTheBodyLimit() throws {
        let line = String(repeating: "x", count: 20_000)
        let compare =
            "POST /__pushfake/recordings/compare HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/x-ndjson\r\nConnection: close\r\n"
        let under = try answer(to: compare + "Content-Length: \(line.utf8.count)\r\n\r\n\(line)")
        XCTAssertNotEqual(under.status, 413, "20 KB is under the 32 KiB recording limit: \(under.text)")
        let over = try answer(to: compare + "Content-Length: 40000\r\n\r\n")
        XCTAssertEqual(over.status, 413)
        XCTAssertEqual(
            over.json?["error"],
            "body exceeds 32768 bytes, the limit for recordings (pushfake serve --max-recording-bytes)")
        // A vendor request, and an admin request of another route, keep the general limit and its message.
        let vendor = try answer(
            to: "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 20000\r\n\r\n")
        XCTAssertEqual(vendor.status, 413)
        XCTAssertEqual(vendor.json?["error"], "body exceeds 16384 bytes")
        let faults = try answer(
            to: "POST /__pushfake/faults HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 20000\r\n\r\n")
        XCTAssertEqual(faults.status, 413)
    }
}
