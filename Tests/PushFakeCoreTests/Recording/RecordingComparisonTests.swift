import PushFakeCore
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
        XCTAssertEqual(lines.first, "the recording has 1 entries, the current traffic 2")
        XCTAssertTrue(lines.contains("entry 1 (POST /TPNS/api/device/register):"), difference ?? "")
        XCTAssertTrue(lines.contains(#"  device: recorded "D1", now "D2""#), difference ?? "")
        XCTAssertTrue(lines.contains("entry 2 (POST /TPNS/api/pushnotifications):"), difference ?? "")
        XCTAssertTrue(lines.contains("  only in the current traffic"), difference ?? "")
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
