import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// PushFake as a client of servers it does not control stays bounded (FakeBehaviour.md, "PushFake as a client"): `replay`, the upstream proxy of
/// `serve` and `tail` against a hostile server on 127.0.0.1 that sends endless bodies, huge lengths slowly, lines that
/// never end, or something other than an event stream. No timing is asserted beyond "it ended"; each command runs
/// under a generous watchdog.
final class HostileUpstreamTests: XCTestCase {
    private static let recording =
        #"{"v":1,"request":{"method":"GET","path":"/x","query":"","headers":[],"body":""},"#
        + #""response":{"status":200,"headers":[["Content-Type","application/json"]],"body":"{}"},"delay":0.0}"# + "\n"

    private func recordingFile() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString).jsonl")
        try Data(Self.recording.utf8).write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        return file
    }

    // MARK: replay

    func test_replay_cutsOffAnEndlessChunkedBody_atTheSizeCap_andNamesTheLimitAndTheLine() throws {
        // GIVEN a server that answers with an endless chunked body
        let hostile = try HostileServer(
            answer: HostileServer.endlessChunked(chunk: Array(repeating: 0x61, count: 16_384)))
        // WHEN a recording is replayed against it with a 1 MiB cap and a long deadline
        let result = try PushFakeCommand.run([
            "replay", try recordingFile().path, "--url", hostile.url, "--timeout", "120",
            "--max-response-bytes", "1048576",
        ])
        // THEN it ends with 1, naming the cap and the line, and read about the cap, not the stream
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("line 1: the answer was cut off by --max-response-bytes 1048576"), result.stderr)
        XCTAssertTrue(
            result.stdout.contains("limits hit, answers cut off: line 1 (--max-response-bytes)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("the answer passed 1048576 bytes"), result.stdout)
        hostile.stop()
    }

    func test_replay_endsAtItsDeadline_whenAHugeAnswerTrickles() throws {
        // GIVEN a server that announces 500 MB and sends 1 KB every 50 ms: URLSession's idle timeout never fires
        let hostile = try HostileServer(answer: HostileServer.slowLength(500_000_000, piece: 1_024, interval: 0.05))
        // WHEN replayed with a 2 s deadline and a cap above the announced length
        let result = try PushFakeCommand.run([
            "replay", try recordingFile().path, "--url", hostile.url, "--timeout", "2",
            "--max-response-bytes", "1073741824",
        ])
        // THEN it ends with 1 naming the deadline
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("line 1: the answer was cut off by --timeout 2.0 s"), result.stderr)
        XCTAssertTrue(result.stdout.contains("no complete answer within 2 s"), result.stdout)
        // AND with the default cap the announced length alone is refused
        let refused = try PushFakeCommand.run([
            "replay", try recordingFile().path, "--url", hostile.url, "--timeout", "60",
        ])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--max-response-bytes 16777216"), refused.stderr)
        hostile.stop()
    }

    func test_replay_limitFlags_areRangeChecked() throws {
        for (flag, value) in [
            ("--max-response-bytes", "10"), ("--max-response-bytes", "2000000000"), ("--timeout", "0"),
        ] {
            let result = try PushFakeCommand.run([
                "replay", try recordingFile().path, "--url", "http://127.0.0.1:9", flag, value,
            ])
            XCTAssertEqual(result.status, 64, "\(flag) \(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(flag), result.stderr)
        }
        let help = try PushFakeCommand.run(["replay", "--help"])
        XCTAssertTrue(help.stdout.contains("--max-response-bytes <n>"), help.stdout)
    }

    // MARK: the upstream proxy

    func test_upstreamProxy_answers502InTheVendorsShape_pastTheAnswerCap_andJournalsIt() async throws {
        // GIVEN a proxy whose TPNS upstream sends an endless body, capped at 64 KiB
        let hostile = try HostileServer(
            answer: HostileServer.endlessChunked(chunk: Array(repeating: 0x61, count: 16_384)))
        let proxy = try ServeProcess([
            "--quiet", "--upstream-tpns", hostile.url + "/TPNS", "--upstream-max-response-bytes", "65536",
            "--upstream-timeout", "60",
        ])
        // WHEN a register goes through it
        let answer = try await proxy.request(
            "POST", "/TPNS/api/device/register",
            body: #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"K","applicationType":"IOS"}"#)
        // THEN the client gets a 502 in TPNS's error shape that names the cap, and the journal says why
        XCTAssertEqual(answer.status, 502, answer.body)
        let json = try JSON.parse(Array(answer.body.utf8))
        XCTAssertEqual(json["success"], false, answer.body)
        XCTAssertTrue(answer.body.contains("65536 bytes"), answer.body)
        let journal = try PushFakeCommand.run(["journal", "--url", proxy.url, "--format", "jsonl"])
        XCTAssertTrue(journal.stdout.contains("--upstream-max-response-bytes"), journal.stdout)
        XCTAssertEqual(proxy.stop().status, 0)
        hostile.stop()
        // AND the flag is range-checked and needs an upstream
        let small = try PushFakeCommand.run([
            "serve", "--upstream-tpns", "http://x/TPNS", "--upstream-max-response-bytes", "1",
        ])
        XCTAssertEqual(small.status, 64, small.stderr)
        let alone = try PushFakeCommand.run(["serve", "--upstream-max-response-bytes", "65536"])
        XCTAssertEqual(alone.status, 64, alone.stderr)
        XCTAssertTrue(alone.stderr.contains("--upstream-max-response-bytes needs --upstream vendor=url"), alone.stderr)
    }

    // MARK: tail

    func test_tail_givesUpOnALineThatNeverEnds_withExit76() throws {
        // GIVEN an event stream whose one line never ends
        let hostile = try HostileServer(
            answer: HostileServer.endlessChunked(
                contentType: "text/event-stream", chunk: Array("data: ".utf8) + Array(repeating: 0x61, count: 65_536)))
        // WHEN tail follows it, with the default cap and with a small one
        for extra in [[], ["--max-event-bytes", "1048576"]] {
            let result = try PushFakeCommand.run(["tail", "--url", hostile.url] + extra)
            // THEN it ends with 76 saying why
            XCTAssertEqual(result.status, 76, "\(extra): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("without ending (--max-event-bytes)"), result.stderr)
        }
        hostile.stop()
    }

    func test_tail_refusesWhatIsNotAnEventStream_andReadsOneWithoutChunkedFraming() throws {
        // GIVEN a 200 that is JSON, held open
        let json = try HostileServer(
            answer: HostileServer.raw(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"))
        let refused = try PushFakeCommand.run(["tail", "--url", json.url])
        XCTAssertEqual(refused.status, 76, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("Content-Type application/json, not an event stream"), refused.stderr)
        json.stop()
        // AND an event stream with broken chunk framing
        let broken = try HostileServer(
            answer: HostileServer.raw(
                "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))
        let framing = try PushFakeCommand.run(["tail", "--url", broken.url])
        XCTAssertEqual(framing.status, 76, framing.stderr)
        XCTAssertTrue(framing.stderr.contains("is not a chunk size"), framing.stderr)
        broken.stop()
        // AND an event stream that ends with the connection: its event is printed, then exit 0
        let entry = #"{"v":1,"seq":1,"time":"2026-01-01T00:00:00.000Z","request":{"method":"GET","path":"/x"}}"#
        let closing = try HostileServer { _, send in
            _ = send(
                Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nevent: entry\ndata: \(entry)\n\n".utf8)
            )
        }
        let ended = try PushFakeCommand.run(["tail", "--url", closing.url, "--json"])
        XCTAssertEqual(ended.status, 0, ended.stderr)
        XCTAssertEqual(ended.stdout, entry + "\n")
        XCTAssertTrue(ended.stderr.contains("the server ended the stream"), ended.stderr)
        closing.stop()
        // AND a head that never ends
        let endless = try HostileServer { _, send in
            guard send(Array("HTTP/1.1 200 OK\r\n".utf8)) else { return }
            while send(Array("X-Filler: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".utf8)) {}
        }
        let head = try PushFakeCommand.run(["tail", "--url", endless.url])
        XCTAssertEqual(head.status, 76, head.stderr)
        XCTAssertTrue(head.stderr.contains("response head of more than 65536 bytes"), head.stderr)
        endless.stop()
    }
}
