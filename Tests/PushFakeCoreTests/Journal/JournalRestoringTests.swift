import PushFakeCore
import XCTest

/// What a remote test fixture builds from a server's answers: a journal from decoded entries, an engine copy, and a
/// matcher the server can wait for.
final class JournalRestoringTests: XCTestCase {
    private func register(_ fake: PushFake, _ device: String) {
        let body = #"{"deviceId":"\#(device)","applicationKey":"k","applicationType":"AOS"}"#
        _ = fake.handle(FakeRequest(method: "POST", target: "/TPNS/api/device/register", body: Array(body.utf8)))
    }

    func test_restoring_keepsEntriesCountsAndNextSequence_fromDecodedEntries() throws {
        let source = PushFake(PushFakeConfiguration(journalLimit: 2))
        for device in ["D1", "D2", "D3"] { register(source, device) }
        let decoded = try source.journal.entries.map { try JournalEntry(json: $0.jsonValue) }
        let journal = Journal(restoring: decoded, limit: 2, totalCount: 3, droppedCount: 1)
        XCTAssertEqual(journal.entries.map(\.sequence), [2, 3])
        XCTAssertEqual(journal.entries.map(\.device), ["D2", "D3"])
        XCTAssertEqual(journal.totalCount, 3)
        XCTAssertEqual(journal.droppedCount, 1)
        XCTAssertEqual(journal.limit, 2)

        let copy = PushFake()
        copy.replaceJournal(journal)
        XCTAssertEqual(copy.journal.entries.map(\.sequence), [2, 3])
        register(copy, "D4")
        XCTAssertEqual(copy.journal.entries.last?.sequence, 4, "the copy numbers on from the source")
    }

    func test_withoutPredicates_dropsOnlyPredicates_andHasAJSONForm() {
        let matcher = RequestMatcher.tpns(.register).app("k")
            .bodyField("deviceId", .satisfies("starts with D") { $0?.stringValue?.hasPrefix("D") ?? false })
            .bodyField("applicationType", .equals("AOS"))
            .header("X-Env", .satisfies("any") { _ in true })
        XCTAssertNil(matcher.jsonValue)
        let relaxed = matcher.withoutPredicates
        XCTAssertEqual(relaxed, RequestMatcher.tpns(.register).app("k").bodyField("applicationType", .equals("AOS")))
        XCTAssertNotNil(relaxed.jsonValue)
        XCTAssertEqual(RequestMatcher.tpns(.register).withoutPredicates, .tpns(.register))
    }
}
