import Dispatch
import Foundation
import PushFakeCore

/// `PushFakeBenchmarks journal`: what journaling costs in memory and in pauses (Performance.md, "Journal cost").
///
/// Journals `count` TPNS registers of `scripts/bench`'s body over 1,000 devices (1,000,000 by default), each request
/// built fresh from bytes as the HTTP parser would (so no two entries share a body), and times every
/// ``PushFake/handle(_:)`` call on its own: the longest one is the longest pause a request could see. Prints one
/// JSON line. `PUSHFAKE_BENCH_JOURNAL_LIMIT` bounds the journal, for comparison; `PUSHFAKE_BENCH_THREADS` shares the
/// requests among that many threads, as the server's loops share the engine.
enum JournalBench {
    static func run(count: Int) {
        let environment = ProcessInfo.processInfo.environment
        let limit = environment["PUSHFAKE_BENCH_JOURNAL_LIMIT"].flatMap { Int($0) }
        let threads = max(1, min(64, environment["PUSHFAKE_BENCH_THREADS"].flatMap { Int($0) } ?? 1))
        let fake = PushFake(PushFakeConfiguration(journalLimit: limit))
        let residentBefore = ResidentMemory.currentBytes()
        let measured = Locked((latencies: LatencyHistogram(), nanoseconds: UInt64(0)))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var latencies = LatencyHistogram()
            var nanoseconds: UInt64 = 0
            for index in stride(from: thread, to: count, by: threads) {
                let request = registerRequest(device: index % 1000)
                let start = DispatchTime.now().uptimeNanoseconds
                _ = fake.handle(request)
                let elapsed = DispatchTime.now().uptimeNanoseconds &- start
                nanoseconds &+= elapsed
                latencies.record(elapsed)
            }
            measured.withLock { total in
                total.latencies.add(latencies)
                total.nanoseconds &+= nanoseconds
            }
        }
        let (latencies, handleNanoseconds) = measured.withLock { $0 }
        let resident = ResidentMemory.currentBytes()
        let peak = ResidentMemory.peakBytes()

        // What a reader costs the request path: the snapshot under the lock, then the first append after it
        // (which may have to copy what the snapshot shares).
        var begin = DispatchTime.now().uptimeNanoseconds
        let snapshot = fake.journal
        let snapshotNanoseconds = DispatchTime.now().uptimeNanoseconds &- begin
        let extra = registerRequest(device: 0)
        begin = DispatchTime.now().uptimeNanoseconds
        _ = fake.handle(extra)
        let appendAfterSnapshotNanoseconds = DispatchTime.now().uptimeNanoseconds &- begin
        begin = DispatchTime.now().uptimeNanoseconds
        let entries = snapshot.entries
        let entriesNanoseconds = DispatchTime.now().uptimeNanoseconds &- begin
        // What a filtered read costs (the admin API's journal route, waiters), outside the lock.
        begin = DispatchTime.now().uptimeNanoseconds
        let matching = snapshot.entries(matching: .tpns(.register).device("D1")).count
        let matchingNanoseconds = DispatchTime.now().uptimeNanoseconds &- begin

        let delta = max(0, resident - residentBefore)
        print(
            #"{"bench":"journal","requests":\#(count),"threads":\#(threads),"#
                + #""limit":\#(limit.map(String.init) ?? "null"),"#
                + #""held":\#(entries.count),"microsPerAppend":\#(micros(handleNanoseconds) / Double(max(1, count))),"#
                + #""p50Micros":\#(latencies.percentile(0.5)),"p99Micros":\#(latencies.percentile(0.99)),"#
                + #""p999Micros":\#(latencies.percentile(0.999)),"#
                + #""longestHandleMillis":\#(micros(latencies.longest) / 1000),"#
                + #""handlesOver1ms":\#(latencies.overOneMillisecond),"#
                + #""residentMegabytes":\#(resident / 1_048_576),"peakResidentMegabytes":\#(peak / 1_048_576),"#
                + #""residentBytesPerRequest":\#(delta / max(1, count)),"#
                + #""snapshotMicros":\#(micros(snapshotNanoseconds)),"#
                + #""appendAfterSnapshotMicros":\#(micros(appendAfterSnapshotNanoseconds)),"#
                + #""entriesMillis":\#(micros(entriesNanoseconds) / 1000),"matching":\#(matching),"#
                + #""matchingMillis":\#(micros(matchingNanoseconds) / 1000)}"#)
    }

    /// A register as `scripts/bench`'s Lua script sends it, with fresh allocations as the HTTP parser makes them.
    private static func registerRequest(device: Int) -> FakeRequest {
        let body =
            #"{"deviceId":"D\#(device)","deviceRegistrationId":"abcdef0123456789","#
            + #""applicationKey":"bench","applicationType":"IOS"}"#
        let bytes = Array(body.utf8)
        return FakeRequest(
            method: fresh("POST"), target: fresh("/TPNS/api/device/register"),
            headers: [
                "Host": fresh("127.0.0.1:8080"), "Content-Type": fresh("application/json"),
                "Content-Length": String(bytes.count),
            ],
            body: bytes, transport: .http)
    }

    /// A copy with its own storage, as a string decoded from received bytes has.
    private static func fresh(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    private static func micros(_ nanoseconds: UInt64) -> Double {
        (Double(nanoseconds) / 1000 * 10).rounded() / 10
    }
}

/// Handle times in whole microseconds up to 1 ms, then counted as over; the longest kept exactly.
private struct LatencyHistogram: Sendable {
    private var buckets = [Int](repeating: 0, count: 1001)
    private var total = 0
    private(set) var longest: UInt64 = 0
    private(set) var overOneMillisecond = 0

    mutating func record(_ nanoseconds: UInt64) {
        let micros = Int(min(nanoseconds / 1000, 1000))
        buckets[micros] += 1
        total += 1
        if nanoseconds >= 1_000_000 { overOneMillisecond += 1 }
        longest = max(longest, nanoseconds)
    }

    mutating func add(_ other: LatencyHistogram) {
        for (micros, count) in other.buckets.enumerated() { buckets[micros] += count }
        total += other.total
        overOneMillisecond += other.overOneMillisecond
        longest = max(longest, other.longest)
    }

    /// The smallest whole microsecond at or below which `fraction` of the calls took; 1000 means "1 ms or more".
    func percentile(_ fraction: Double) -> Int {
        let wanted = Int((Double(total) * fraction).rounded(.up))
        var seen = 0
        for (micros, count) in buckets.enumerated() {
            seen += count
            if seen >= wanted { return micros }
        }
        return buckets.count - 1
    }
}
