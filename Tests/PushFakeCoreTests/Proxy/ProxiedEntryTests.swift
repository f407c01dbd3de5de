import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Entries a server in front of an upstream journals (`PushFake.recordProxied`): their JSON, their redaction, how
/// recordings compare and replay them.
final class ProxiedEntryTests: XCTestCase {
    private let register = FakeRequest(
        method: "POST", target: "/TPNS/api/device/register", headers: ["Content-Type": "application/json"],
        body: Array(
            #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"KEY-1","applicationType":"IOS"}"#.utf8))
    private let upstreamAnswer = FakeResponse.json(
        200, ["success": true, "message": .null, "errors": [], "deviceId": "D1", "fromUpstream": true])

    func test_proxyMode_journalsTheUpstreamsAnswer_andLeavesTheStoreAlone() throws {
        let fake = PushFake()
        let proxied = ProxiedExchange(mode: .proxy, upstream: "https://tpns.example/TPNS", latency: 0.0123)
        let (response, sequence) = fake.recordProxied(register, outcome: .answered(upstreamAnswer), proxied: proxied)
        XCTAssertEqual(response, upstreamAnswer)
        let entry = try XCTUnwrap(fake.journal.entries.first)
        XCTAssertEqual(entry.sequence, sequence)
        XCTAssertEqual(entry.proxied, proxied)
        XCTAssertEqual(entry.route?.operation, .register)
        XCTAssertEqual(entry.app, "KEY-1")
        XCTAssertEqual(entry.device, "D1")
        XCTAssertEqual(entry.responseBody?["fromUpstream"], .bool(true))
        XCTAssertEqual(
            entry.jsonValue["proxied"]?.serializedString(),
            #"{"mode":"proxy","upstream":"https://tpns.example/TPNS","latencyMs":12,"failure":null}"#)
        XCTAssertEqual(fake.tpnsDevices().count, 0)
    }

    func test_learnMode_appliesTheRequestToTheStore_andNotesADifferentLocalStatus() throws {
        let fake = PushFake()
        let learn = ProxiedExchange(mode: .learn, upstream: "https://tpns.example/TPNS", latency: 0.002)
        _ = fake.recordProxied(register, outcome: .answered(upstreamAnswer), proxied: learn)
        XCTAssertEqual(fake.tpnsDevices().map(\.deviceId), ["D1"])
        XCTAssertTrue(fake.journal.entries[0].notes.contains("new device"), "\(fake.journal.entries[0].notes)")
        _ = fake.recordProxied(register, outcome: .answered(.json(503, ["busy": true])), proxied: learn)
        XCTAssertEqual(fake.journal.entries[1].notes.last, "learned: the local store answered 200, the upstream 503")
    }

    func test_failure_answersInTheVendorsShape_andIsNotLearned() throws {
        let fake = PushFake()
        let failed = ProxiedExchange(mode: .learn, upstream: "https://x/TPNS", latency: 1, failure: "timed out")
        let (response, _) = fake.recordProxied(
            register, outcome: .failed(status: 504, cause: "timed out"), proxied: failed)
        XCTAssertEqual(response.status, 504)
        let body = try JSON.parse(response.body)
        XCTAssertEqual(body["success"], .bool(false))
        XCTAssertEqual(body["message"]?.stringValue, "upstream https://x/TPNS failed: timed out")
        XCTAssertEqual(fake.tpnsDevices().count, 0)
        XCTAssertEqual(fake.journal.entries[0].proxied?.failure, "timed out")
    }

    func test_proxiedEntries_roundTripThroughJSON_andRecordingsIgnoreTheProxyFacts() throws {
        let fake = PushFake()
        let proxied = ProxiedExchange(mode: .learn, upstream: "https://tpns.example/TPNS", latency: 0.25)
        _ = fake.recordProxied(register, outcome: .answered(upstreamAnswer), proxied: proxied)
        let entry = try XCTUnwrap(fake.journal.entries.first)
        let read = try JournalEntry(json: entry.jsonValue)
        XCTAssertEqual(read, entry)
        XCTAssertEqual(read.proxied?.latencyMilliseconds, 250)
        XCTAssertThrowsError(
            try ProxiedExchange(json: ["mode": "mirror", "upstream": "u", "latencyMs": 1, "failure": .null])
        ) { error in
            XCTAssertEqual("\(error)", #"proxied.mode: must be proxy or learn, not "mirror""#)
        }
        // The same exchange answered by a fake compares equal: `proxied` is ignored like `transport`.
        let local = PushFake()
        _ = local.recordProxied(
            register, outcome: .answered(upstreamAnswer),
            proxied: ProxiedExchange(mode: .learn, upstream: "https://elsewhere/TPNS", latency: 3))
        XCTAssertNil(
            RecordingComparison.difference(recording: fake.journal.jsonLines(), entries: local.journal.entries))
        // A replay takes the upstream's latency as the recorded duration.
        let recording = try Recording.parse(Array(fake.journal.jsonLines().utf8))
        XCTAssertEqual(recording.exchanges.first?.duration, 0.25)
    }

    func test_redaction_coversTheApplicationKey_andKeepsTheProxyFacts() {
        let fake = PushFake()
        let proxied = ProxiedExchange(mode: .proxy, upstream: "https://tpns.example/TPNS", latency: 0)
        _ = fake.recordProxied(register, outcome: .answered(upstreamAnswer), proxied: proxied)
        let lines = fake.journal.jsonLines(redaction: RecordingRedaction(redactAppKeys: true))
        XCTAssertFalse(lines.contains("KEY-1"), lines)
        XCTAssertTrue(lines.contains(#""proxied":{"mode":"proxy","upstream":"https://tpns.example/TPNS""#), lines)
    }
}
