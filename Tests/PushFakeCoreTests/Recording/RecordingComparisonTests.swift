import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The one comparison of recorded traffic (assertMatchesRecording, and later `pushfake verify`).
final class RecordingComparisonTests: XCTestCase {
    func test_difference_isNil_whenTheRecordingIsTheCanonicalJournal() {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "D1")
        let text = RecordingComparison.canonicalLines(fake.journal.entries).map { $0.serializedString() + "\n" }
            .joined()
        XCTAssertNil(RecordingComparison.difference(recording: text, entries: fake.journal.entries))
    }

    func test_difference_namesFieldsAndCounts_whenTrafficChanged() {
        // GIVEN a recording of one register
        let recorded = PushFake()
        recorded.tpnsRegister(deviceId: "D1")
        let text = recorded.journal.jsonLines()
        // WHEN the traffic registers another device and then sends garbage
        let now = PushFake()
        now.tpnsRegister(deviceId: "D2")
        now.send("POST", "/TPNS/api/pushnotifications", json: "nope")
        // THEN the text says how, in the assertMatchesRecording format
        let difference = RecordingComparison.difference(recording: text, entries: now.journal.entries)
        let lines = difference?.components(separatedBy: "\n") ?? []
        XCTAssertEqual(
            lines.first, "the recording has 1 entry, the current traffic 2; 2 entries differ (4 differences)")
        XCTAssertTrue(
            lines.contains("entry 1 (tpns.register app=testApp device=D2, POST /TPNS/api/device/register):"),
            difference ?? "")
        XCTAssertTrue(lines.contains(#"  device: recorded "D1", now "D2""#), difference ?? "")
        XCTAssertFalse(lines.contains { $0.hasPrefix("  request.body:") }, "the raw body repeats the json's difference")
        XCTAssertTrue(
            lines.contains(
                "current entry 2 (tpns.pushNotifications, POST /TPNS/api/pushnotifications): only in the current traffic"
            ),
            difference ?? "")
    }

    private func registers(_ devices: [String], token: (String) -> String = { _ in "ab12" }) -> PushFake {
        let fake = PushFake()
        for device in devices { fake.tpnsRegister(deviceId: device, token: token(device)) }
        return fake
    }

    func test_difference_namesOnlyTheExtraEntry_byOperationAppDeviceAndBody_whenARequestIsInserted() throws {
        // GIVEN a recording of three registers
        let text = registers(["D1", "D2", "D3"]).journal.jsonLines()
        // WHEN the traffic has one more register in the middle, with another token
        let now = registers(["D1", "DX", "D2", "D3"]) { $0 == "DX" ? "ff00" : "ab12" }
        // THEN only that one is reported, named, with the body fields that tell it from its neighbours
        let difference = try XCTUnwrap(
            RecordingComparison.compare(
                recorded: RecordingComparison.lines(ofJSONLines: text), entries: now.journal.entries))
        XCTAssertEqual(
            difference.description,
            """
            the recording has 3 entries, the current traffic 4; 1 entry differs (1 difference)
            current entry 2 (tpns.register app=testApp device=DX, POST /TPNS/api/device/register): only in the current traffic
              unlike its neighbours: request.json.deviceId "DX", request.json.deviceRegistrationId "ff00"
            """)
        // AND a request that went missing is named the same way
        let missing = try XCTUnwrap(
            RecordingComparison.difference(
                recording: now.journal.jsonLines(), entries: registers(["D1", "D2", "D3"]).journal.entries))
        XCTAssertTrue(
            missing.contains(
                "recorded line 2 (tpns.register app=testApp device=DX, POST /TPNS/api/device/register): "
                    + "only in the recording"), missing)
    }

    func test_difference_pairsEntriesAcrossAGap_andShowsBothPlaces() throws {
        // GIVEN D1, D2 recorded; WHEN an unmatched request comes first and D2's token changed
        let text = registers(["D1", "D2"]).journal.jsonLines()
        let now = PushFake()
        now.send("GET", "/TPNS/api/nothing")
        now.tpnsRegister(deviceId: "D1")
        now.tpnsRegister(deviceId: "D2", token: "cd34")
        let difference = try XCTUnwrap(RecordingComparison.difference(recording: text, entries: now.journal.entries))
        let lines = difference.components(separatedBy: "\n")
        XCTAssertTrue(
            lines.contains("current entry 1 (unmatched, GET /TPNS/api/nothing): only in the current traffic"),
            difference)
        XCTAssertTrue(
            lines.contains(
                "recorded line 2, current entry 3 (tpns.register app=testApp device=D2, POST /TPNS/api/device/register):"
            ),
            difference)
        XCTAssertTrue(lines.contains(#"  request.json.deviceRegistrationId: recorded "ab12", now "cd34""#), difference)
        XCTAssertFalse(difference.contains("seq:"), "the place is not a difference of its own: \(difference)")
    }

    func test_difference_listsAtMostTheLimit_andCountsWhatItLeavesOut() throws {
        // GIVEN 300 registers recorded, WHEN every token changed
        let devices = (1...300).map { "D\($0)" }
        let text = registers(devices).journal.jsonLines()
        let now = registers(devices) { _ in "ee99" }
        let recorded = RecordingComparison.lines(ofJSONLines: text)
        // THEN 100 differences are listed by default, and the rest counted
        let capped = try XCTUnwrap(RecordingComparison.compare(recorded: recorded, entries: now.journal.entries))
        XCTAssertEqual(capped.entries.count, 100)
        XCTAssertEqual(capped.differenceCount, 300)
        XCTAssertEqual(capped.omittedDifferences, 200)
        let lines = capped.description.components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 1 + 200 + 1, "a heading and a field per entry, then the count")
        XCTAssertEqual(
            lines.last,
            "… 200 more differences left out after the first 100, 200 more entries not listed (raise the limit: "
                + #"pushfake verify --max-differences N, "maxDifferences" in POST /__pushfake/recordings/compare, "#
                + "limit: in Swift)")
        // AND another limit lists that many; the JSON form says the same
        let five = try XCTUnwrap(
            RecordingComparison.compare(recorded: recorded, entries: now.journal.entries, limit: 5))
        XCTAssertEqual(five.entries.map(\.currentEntry), [1, 2, 3, 4, 5])
        XCTAssertEqual(five.jsonValue["omittedDifferences"], 295)
        XCTAssertEqual(five.jsonValue["entries"]?[0]?["fields"]?[0]?["path"], "request.json.deviceRegistrationId")
    }

    func test_difference_pairsByPlace_whenTheListsShareNothing() throws {
        // GIVEN 1,500 registers recorded and 1,500 others now: more edits than the alignment searches
        let text = registers((1...1_500).map { "A\($0)" }).journal.jsonLines()
        let now = registers((1...1_500).map { "B\($0)" })
        // THEN entries are paired by place, each a difference in its device
        let difference = try XCTUnwrap(
            RecordingComparison.compare(
                recorded: RecordingComparison.lines(ofJSONLines: text), entries: now.journal.entries, limit: 1))
        XCTAssertEqual(difference.entryCount, 1_500)
        XCTAssertEqual(difference.entries.first?.kind, .differs)
        XCTAssertEqual(difference.entries.first?.fields.first?.path, "device")
    }

    func test_difference_isNil_whenOnlyTheResponsesDateDiffers() {
        // GIVEN a recording made through the proxy: the answer carries the upstream's Date (a real vendor's clock)
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "D1")
        let recorded = fake.journal.jsonLines().replacingOccurrences(
            of: #"["Cache-Control","no-store"]]"#,
            with: #"["Cache-Control","no-store"],["date","Tue, 01 Dec 2026 09:12:00 GMT"]]"#)
        XCTAssertTrue(recorded.contains("Tue, 01 Dec 2026"))
        // THEN a fake's journal, whose answers' Date the transport writes, compares equal
        XCTAssertNil(RecordingComparison.difference(recording: recorded, entries: fake.journal.entries))
        let other = recorded.replacingOccurrences(of: "no-store", with: "no-cache")
        XCTAssertNotNil(RecordingComparison.difference(recording: other, entries: fake.journal.entries))
    }

    func test_difference_ignoresFieldsOnBothSides_andShowsLinesThatAreNotJSON() {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "D1")
        var options = RecordingOptions()
        options.ignoredFields.insert("device")
        let changed = fake.journal.jsonLines().replacingOccurrences(of: #""device":"D1""#, with: #""device":"X""#)
        XCTAssertNil(
            RecordingComparison.difference(recording: changed, entries: fake.journal.entries, options: options))
        let broken = RecordingComparison.difference(recording: "not json\n", entries: fake.journal.entries)
        XCTAssertTrue(broken?.contains(#"(entry): recorded "not json", now {"#) == true, broken ?? "")
    }

    func test_fieldDifference_asksIsEquivalentAtEveryField_includingOneSidedOnes() {
        let recorded: JSON = ["id": "1", "time": "t1", "gone": true, "list": [1, 2]]
        let current: JSON = ["id": "2", "time": "t2", "extra": 1, "list": [1, 3]]
        let all = FieldDifference.between(recorded, current)
        XCTAssertEqual(
            all.map(\.description),
            [
                #"id: recorded "1", now "2""#, #"time: recorded "t1", now "t2""#, "gone: recorded true, now absent",
                "list[1]: recorded 2, now 3", "extra: not recorded, now 1",
            ])
        let some = FieldDifference.between(recorded, current) { path, _, _ in ["time", "extra", "list"].contains(path) }
        XCTAssertEqual(
            some.map { $0.line(currentLabel: "live") },
            [#"id: recorded "1", live "2""#, "gone: recorded true, live absent"])
    }
}
