import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Every answer carries one `Date` (RFC 9110 §6.6.1) from the fake clock of the engine that answered — vendor and
/// admin answers, errors, answers the transport gives before any engine is involved, stream heads — so answers are
/// as deterministic as the journal.
final class HostileDateHeaderTests: HostileTestCase {
    private static let epoch = "Thu, 01 Jan 2026 00:00:00 GMT"

    /// The `Date` values of every response in `bytes`, in order (bodies skipped by `Content-Length`).
    private func dates(_ bytes: [UInt8]) -> [[String]] {
        var result: [[String]] = []
        var rest = bytes[...]
        while let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let head = String(decoding: rest[..<end.lowerBound], as: UTF8.self)
            let fields = head.split(separator: "\r\n").dropFirst()
            result.append(
                fields.filter { $0.lowercased().hasPrefix("date:") }.map {
                    String($0.dropFirst(5).drop { $0 == " " })
                })
            let length =
                fields.first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
            rest = rest[end.upperBound...].dropFirst(length)
        }
        return result
    }

    private func assertOneDate(
        _ request: String, is expected: String = epoch, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let answer = try answer(to: request, file: file, line: line)
        XCTAssertEqual(dates(answer.bytes), [[expected]], answer.text, file: file, line: line)
    }

    func test_vendorAdminAndUnmatchedAnswers_carryTheFakeClocksDate() throws {
        try assertOneDate(ServerTestCase.registerRequest(connection: "close"))
        try assertOneDate("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        try assertOneDate("GET /nowhere HTTP/1.0\r\n\r\n")
        try assertOneDate("HEAD /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        try assertOneDate("GET /__pushfake HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    }

    func test_answersTheTransportGivesAlone_carryTheServerEnginesDate() throws {
        try assertOneDate("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n")
        try assertOneDate("GET __pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try assertOneDate("POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999\r\n\r\n")
        try assertOneDate("GET /__pushfake/health HTTP/1.1\r\n\r\n")
        // 408: a request that never completes.
        try assertOneDate("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    }

    func test_theDate_followsTheClock_ofTheEngineThatAnswers() throws {
        // GIVEN the server's clock a day on, and an instance whose clock is where it started
        fake.advanceClock(by: 86_400)
        let instance = try XCTUnwrap(server.instances.add(PushFake()))
        // WHEN each answers, pipelined on one connection
        let pipelined =
            "GET /__pushfake/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            + "GET /i/\(instance)/__pushfake/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            + "POST /i/\(instance)/__pushfake/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: 16\r\n\r\n{\"advance\":3661}"
            + "GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        let answer = try answer(to: pipelined)
        // THEN each answer's Date is its engine's clock, read when it answered
        XCTAssertEqual(
            dates(answer.bytes),
            [
                ["Fri, 02 Jan 2026 00:00:00 GMT"], [Self.epoch], ["Thu, 01 Jan 2026 01:01:01 GMT"],
                ["Fri, 02 Jan 2026 00:00:00 GMT"],
            ], answer.text)
    }

    func test_eventStreamHead_andWaitAnswer_carryTheDate() throws {
        let stream = try RawConnection(port: port)
        stream.send("GET /__pushfake/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let head = stream.readUntil { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }.bytes
        XCTAssertEqual(dates(head).first, [Self.epoch], String(decoding: head, as: UTF8.self))
        stream.closeNow()

        let body = #"{"match":{"operation":"register"},"timeout":0}"#
        try assertOneDate(
            "POST /__pushfake/wait HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    func test_theJournal_keepsTheEnginesAnswer_withoutTheDate() throws {
        try assertOneDate(ServerTestCase.registerRequest(connection: "close"))
        let entry = try XCTUnwrap(fake.journal.entries.first)
        XCTAssertNil(entry.response.headers["Date"], "the transport writes it, like Content-Length")
        XCTAssertEqual(entry.time, FakeClock.defaultEpoch, "the entry's time is the Date's second")
    }
}
