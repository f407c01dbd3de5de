import Foundation
import PushFakeCore
import PushFakeTesting
import Testing

/// How long 24 parallel `.remote` fixtures take with 10 registers and 10 assertions each, both ways: the
/// synchronous assertions (each one `GET …/journal`, blocking its thread) and ``RunningPushFake/currentJournal()``
/// with the assertions' `in:` forms (suspending). Run by `scripts/bench-remote` (`PUSHFAKE_BENCH_REMOTE=1`); it
/// prints the times and asserts only that every fixture saw its own traffic — speed is never a test's verdict.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PUSHFAKE_BENCH_REMOTE"] == "1"))
struct RemoteFixtureBenchmark {
    private static let fixtures = 24
    private static let requests = 10

    private static func run(suspending: Bool, url: URL) async throws -> (seconds: Double, ok: Int) {
        let started = Date()
        let ok = try await withThrowingTaskGroup(of: Bool.self) { group in
            for fixture in 0..<fixtures {
                group.addTask {
                    try await withPushFake(.remote(url)) { fake in
                        let session = fake.makeURLSession()
                        let register = fake.tpnsBaseURL.appendingPathComponent("api/device/register")
                        var seen = 0
                        for index in 0..<requests {
                            let device = "B\(fixture)-\(index)"
                            let body =
                                #"{"deviceId":"\#(device)","deviceRegistrationId":"ab","applicationKey":"testApp","#
                                + #""applicationType":"IOS"}"#
                            _ = try await Scenarios.send(session, register, method: "POST", body: body)
                            let matcher = RequestMatcher.tpns(.register).device(device)
                            let matched =
                                suspending
                                ? fake.assertRequested(matcher, in: await fake.currentJournal())
                                : fake.assertRequested(matcher)
                            seen += matched.count
                        }
                        return seen == requests
                    }
                }
            }
            var ok = 0
            for try await fine in group where fine { ok += 1 }
            return ok
        }
        return (Date().timeIntervalSince(started), ok)
    }

    @Test func remoteFixtures_24x10RegistersAnd10Assertions() async throws {
        try await RemoteServer.with { url, _ in
            for suspending in [false, true, false, true] {
                let (seconds, ok) = try await Self.run(suspending: suspending, url: url)
                #expect(ok == Self.fixtures)
                let style = suspending ? "currentJournal() + in: (suspending)" : "synchronous assertions (blocking)"
                print(
                    "bench-remote: \(Self.fixtures) fixtures x \(Self.requests) registers + \(Self.requests) assertions, "
                        + "\(style): \(String(format: "%.2f", seconds)) s")
            }
        }
    }
}
