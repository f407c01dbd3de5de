import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

@testable import PushFakeReplay

/// The rules replay applies between requests and answers: id learning, request building, normalisation, labels.
final class ReplayRulesTests: XCTestCase {
    func test_ids_areLearnedFromIDNamedFieldsWithIDLikeValues_firstPairingWins() {
        var ids = IDSubstitutions()
        ids.learn(
            recorded: [
                "objects": [["id": "1000000000000001", "alias": "ana1234", "created_at": "2026-01-01 00:00:00 UTC"]],
                "results": [["notificationId": "5000000000000001", "deliveredDeviceIds": ["D-0001"]]],
                "tp_id": 2_000_000_000_000_001, "device_id": "abc", "same": ["id": "4000000000000009"],
            ],
            live: [
                "objects": [["id": "1004200000000001", "alias": "bob5678", "created_at": "2026-05-01 00:00:00 UTC"]],
                "results": [["notificationId": "5004200000000001", "deliveredDeviceIds": ["D-0002"]]],
                "tp_id": 2_004_200_000_000_001, "device_id": "xyz", "same": ["id": "4000000000000009"],
            ])
        XCTAssertEqual(ids.live(for: "1000000000000001"), "1004200000000001")
        XCTAssertEqual(ids.live(for: "5000000000000001"), "5004200000000001")
        XCTAssertEqual(ids.live(for: "D-0001"), "D-0002")
        XCTAssertEqual(ids.live(for: "2000000000000001"), "2004200000000001")
        XCTAssertEqual(ids.live(for: "4000000000000009"), "4000000000000009")
        XCTAssertNil(ids.live(for: "ana1234"), "not an id-named field")
        XCTAssertNil(ids.live(for: "abc"), "too short to be an id")
        // A recorded id keeps its first pairing.
        ids.learn(recorded: ["id": "1000000000000001"], live: ["id": "1999999999999999"])
        XCTAssertEqual(ids.live(for: "1000000000000001"), "1004200000000001")
        XCTAssertEqual(
            ids.apply(
                to: #"/devices/1000000000000001/x?n=5000000000000001 {"tp_id":2000000000000001} 10000000000000012"#),
            #"/devices/1004200000000001/x?n=5004200000000001 {"tp_id":2004200000000001} 10000000000000012"#)
    }

    func test_idLikeValues_excludeTimestampsWordsAndShortValues() {
        XCTAssertTrue(IDSubstitutions.isIDLike("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        XCTAssertTrue(IDSubstitutions.isIDLike("1000000000000001"))
        XCTAssertTrue(IDSubstitutions.isIDLike("cs555ab2356a37a0"))
        XCTAssertTrue(IDSubstitutions.isIDLike("abcdefghij"))
        XCTAssertFalse(IDSubstitutions.isIDLike("2026-01-01T00:00:00Z"))
        XCTAssertFalse(IDSubstitutions.isIDLike("abc"))
        XCTAssertFalse(IDSubstitutions.isIDLike("Device"))
        XCTAssertFalse(IDSubstitutions.isIDLike("two words1"))
    }

    func test_timestamps_isoAndTwinPushForms() {
        for text in [
            "2026-01-01T00:00:00.000Z", "2026-01-01T01:00:00+01:00", "2026-01-01 00:00:00 UTC", "2026-01-01T00:00",
            "2026-01-01 10:00:00 +0000",
        ] {
            XCTAssertTrue(Timestamps.isTimestamp(text), text)
        }
        for text in ["2026-01-01", "1000000000000001", "2026-01-01T00:00:00 later", "x026-01-01T00:00:00Z"] {
            XCTAssertFalse(Timestamps.isTimestamp(text), text)
        }
    }

    func test_fieldPatterns_matchFieldsAndTheirChildren_withWildcards() {
        XCTAssertTrue(FieldPattern("json.objects[*].created_at").matches("json.objects[3].created_at"))
        XCTAssertTrue(FieldPattern("response.json.objects").matches("json.objects[0].id"))
        XCTAssertTrue(FieldPattern("json.*.id").matches("json.device.id"))
        XCTAssertTrue(FieldPattern("headers.content-type").matches("headers.content-type"))
        XCTAssertFalse(FieldPattern("json.objects[1]").matches("json.objects[0].id"))
        XCTAssertFalse(FieldPattern("json.object").matches("json.objects"))
        XCTAssertFalse(FieldPattern("").matches("status"))
    }

    func test_requestBuilder_dropsFramingAndHopByHopHeaders_fillsSecretsAndEncodesTheTarget() {
        let exchange = RecordedExchange(
            index: 1, method: "POST", path: "/api/v2/apps/${secret:app}/devices/1000000000000001/x",
            query: "tags[]=a&b=%5B",
            headers: [
                "Host": "127.0.0.1:1", "Content-Length": "9", "Connection": "keep-alive", ":authority": "h",
                "Accept-Encoding": "gzip", "X-TwinPush-REST-API-Token": "${secret:tok}", "User-Agent": "ua",
            ], body: Array(#"{"device_id":"1000000000000001"}"#.utf8), response: FakeResponse(status: 200))
        var ids = IDSubstitutions()
        ids.learn(recorded: ["id": "1000000000000001"], live: ["id": "1000000000000042"])
        let request = RequestBuilder(base: "http://h:1/i/x/", secrets: ["app": "A1", "tok": "T"])
            .request(for: exchange, ids: ids)
        XCTAssertEqual(request.url, "http://h:1/i/x/api/v2/apps/A1/devices/1000000000000042/x?tags%5B%5D=a&b=%5B")
        XCTAssertEqual(request.headers.map(\.name), ["X-TwinPush-REST-API-Token", "User-Agent"])
        XCTAssertEqual(request.headers.first?.value, "T")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), #"{"device_id":"1000000000000042"}"#)
    }

    func test_requestBuilder_fillsSecretsInTheSpellingOfTheirPlace_andNeedsNoneForDroppedHeaders() {
        // GIVEN a token with `/`, `+`, `=` and `"` where a recording replaced it in the path, query and bodies
        let token = #"t/+="1"#
        func exchange(_ body: String, type: String) -> RecordedExchange {
            RecordedExchange(
                index: 1, method: "POST", path: "/a/${secret:tok}/b", query: "t=${secret:tok}",
                headers: ["Content-Type": type, "X-Token": "${secret:tok}", "Proxy-Authorization": "${secret:proxy}"],
                body: Array(body.utf8), response: FakeResponse(status: 200))
        }
        let builder = RequestBuilder(base: "http://h:1", secrets: ["tok": token])
        // WHEN requests are built
        let json = builder.request(for: exchange(#"{"t":"${secret:tok}"}"#, type: "application/json"), ids: .init())
        let form = builder.request(
            for: exchange("t=${secret:tok}", type: "application/x-www-form-urlencoded"), ids: .init())
        // THEN path and query carry it percent-encoded, the JSON body JSON-escaped, the form body percent-encoded,
        // a header as it is
        XCTAssertEqual(json.url, "http://h:1/a/t%2F%2B%3D%221/b?t=t%2F%2B%3D%221")
        XCTAssertEqual(try JSON.parse(json.body)["t"]?.stringValue, token)
        XCTAssertEqual(String(decoding: form.body, as: UTF8.self), "t=t%2F%2B%3D%221")
        XCTAssertEqual(json.headers.first { $0.name == "X-Token" }?.value, token)
        // AND the placeholder of a header replay drops (Proxy-Authorization) is not asked for
        let recording = Recording(format: .jsonLines, exchanges: [exchange("", type: "text/plain")])
        XCTAssertEqual(ReplaySecrets.names(in: recording), ["tok"])
    }

    func test_routeLabels_useTheRecordedTemplate_elsePathsWithIDsReplaced() {
        func label(_ path: String, route: String? = nil) -> String {
            RouteLabel.label(
                for: RecordedExchange(
                    index: 1, method: "GET", path: path, route: route, response: FakeResponse(status: 200)))
        }
        XCTAssertEqual(label("/a/1/b", route: "/a/{id}/b"), "GET /a/{id}/b")
        XCTAssertEqual(
            label("/api/v2/apps/cs555ab2356a37a0/devices/1000000000000001/inbox_summary"),
            "GET /api/v2/apps/{id}/devices/{id}/inbox_summary")
        XCTAssertEqual(
            label("/TPNS/api/application/${secret:tpns-app-key}/device/D1"), "GET /TPNS/api/application/{id}/device/D1")
    }

    func test_latencyPercentiles_areNearestRank() throws {
        let summary = try XCTUnwrap(LatencySummary((1...100).map { Double($0) / 1000 }))
        XCTAssertEqual(summary.p50, 0.05)
        XCTAssertEqual(summary.p90, 0.09)
        XCTAssertEqual(summary.p99, 0.099)
        XCTAssertEqual(summary.max, 0.1)
        XCTAssertEqual(summary.line, "latency: 100 requests, p50 50 ms, p90 90 ms, p99 99 ms, max 100 ms")
        XCTAssertNil(LatencySummary([]))
    }

    func test_timestampsAndIDs_areNormalised_againstARealClockAndAnotherSeed() async throws {
        // GIVEN the flow recorded on the fixed clock, replayed on a real clock (every timestamp differs)
        let recorder = try ReplayFixtures.server()
        defer { recorder.stop() }
        try await ReplayFixtures.twinPushFlow(recorder)
        let live = PushFakeServer(
            fake: PushFake(PushFakeConfiguration(seed: 9, clockMode: .real, twinPushApps: [ReplayFixtures.app])))
        try live.start()
        defer { live.stop() }
        let report = try await Replay.run(
            try ReplayFixtures.parse(recorder.fake.journal.jsonLines()), options: ReplayFixtures.options(live))
        XCTAssertFalse(report.hasDrift, report.text())
        XCTAssertNotEqual(
            live.fake.journal.entries[0].responseBody?["objects"]?[0]?["created_at"],
            recorder.fake.journal.entries[0].responseBody?["objects"]?[0]?["created_at"])
    }

    func test_jsonReport_listsRoutesDifferencesAndLatency() async throws {
        let (recorder, standIn) = try await ReplayFixtures.recordedFlowAndStandIn()
        defer {
            recorder.stop()
            standIn.stop()
        }
        let report = try await Replay.run(
            try ReplayFixtures.parse(recorder.fake.journal.har().serializedString()),
            options: ReplayFixtures.options(standIn) { $0.ignoredFields = ["latency"] })
        let json = report.json
        XCTAssertEqual(json["drift"], true)
        XCTAssertEqual(json["requests"], 5)
        XCTAssertEqual(json["different"], 2)
        XCTAssertEqual(json["routes"]?.arrayValue?.count, 5)
        XCTAssertEqual(json["differences"]?[0]?["location"], "entry 4")
        XCTAssertEqual(json["differences"]?[0]?["fields"], [["field": "json.extra", "live": true]])
        XCTAssertEqual(json["differences"]?[1]?["fields"], [["field": "status", "recorded": 200, "live": 202]])
        XCTAssertEqual(json["latency"]?["count"], 5)
    }
}
