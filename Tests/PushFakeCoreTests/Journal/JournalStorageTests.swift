import Dispatch
import PushFakeCore
import XCTest

/// The journal's chunks as the engine fills them: more entries than one chunk (1,024) holds.
final class JournalStorageTests: XCTestCase {
    private static func register(_ fake: PushFake, _ count: Int, from first: Int = 0) {
        for index in first..<first + count { fake.tpnsRegister(deviceId: "D\(index % 50)") }
    }

    func test_entries_areInSequenceOrder_whenSeveralChunksAreFilled() {
        let fake = PushFake()
        Self.register(fake, 2_500)
        let journal = fake.journal
        XCTAssertEqual(journal.count, 2_500)
        XCTAssertEqual(journal.totalCount, 2_500)
        XCTAssertEqual(journal.entries.map(\.sequence), Array(1...2_500))
        XCTAssertEqual(journal.entries[1_500].device, "D0")
    }

    func test_boundedJournal_keepsTheNewestAcrossChunks_whenItWraps() {
        let fake = PushFake(PushFakeConfiguration(journalLimit: 1_500))
        Self.register(fake, 3_500)
        let journal = fake.journal
        XCTAssertEqual(journal.entries.map(\.sequence), Array(2_001...3_500))
        XCTAssertEqual(journal.droppedCount, 2_000)
        let usage = fake.journalUsage
        XCTAssertEqual(usage.entries, 1_500)
        // The same mix of entries (50 devices, all "device updated") 1,500 requests later: not a byte more.
        Self.register(fake, 1_500, from: 3_500)
        XCTAssertLessThanOrEqual(fake.journalUsage.approximateBytes, usage.approximateBytes, "a full ring never grows")
        XCTAssertEqual(fake.journalUsage.droppedCount, 3_500)
    }

    func test_entriesMatching_keepsOrder_whenMatchesSpanChunks() {
        let fake = PushFake()
        for index in 0..<2_100 {
            if index % 3 == 0 {
                fake.tpnsUnregister(deviceId: "D\(index)")
            } else {
                fake.tpnsRegister(deviceId: "D\(index)")
            }
        }
        let unregisters = fake.entries(matching: .tpns(.unregister))
        XCTAssertEqual(unregisters.map(\.sequence), Array(stride(from: 1, through: 2_100, by: 3)))
        XCTAssertEqual(unregisters.last?.device, "D2097")
    }

    func test_snapshot_staysAsTaken_whenTheEngineKeepsAppending() {
        let fake = PushFake()
        Self.register(fake, 1_030)
        let snapshot = fake.journal
        let entries = snapshot.entries
        Self.register(fake, 1_100, from: 1_030)
        fake.clearJournal()
        XCTAssertEqual(snapshot.count, 1_030)
        XCTAssertEqual(snapshot.entries, entries)
        XCTAssertEqual(snapshot.entries.last?.sequence, 1_030)
        XCTAssertEqual(fake.journal.count, 0)
    }

    func test_snapshots_areConsistent_whileAnotherThreadAppends() {
        let fake = PushFake(PushFakeConfiguration(journalLimit: 1_500))
        let writers = 2
        let perWriter = 2_000
        DispatchQueue.concurrentPerform(iterations: writers + 1) { worker in
            guard worker < writers else {
                for _ in 0..<200 {
                    let journal = fake.journal
                    let sequences = journal.entries.map(\.sequence)
                    XCTAssertEqual(sequences.count, journal.count)
                    XCTAssertEqual(sequences.last ?? 0, journal.totalCount)
                    XCTAssertEqual(sequences, Array((journal.totalCount - journal.count + 1)...journal.totalCount))
                }
                return
            }
            Self.register(fake, perWriter, from: worker * perWriter)
        }
        XCTAssertEqual(fake.journal.totalCount, writers * perWriter)
        XCTAssertEqual(fake.journal.count, 1_500)
    }

    func test_clearAndReset_emptyEveryChunk_whenTheJournalIsLarge() {
        let fake = PushFake()
        Self.register(fake, 2_100)
        fake.clearJournal()
        XCTAssertEqual(fake.journalUsage.entries, 0)
        XCTAssertEqual(fake.journalUsage.approximateBytes, 0)
        Self.register(fake, 2)
        XCTAssertEqual(fake.journal.entries.map(\.sequence), [2_101, 2_102])
        fake.reset()
        XCTAssertEqual(
            fake.journalUsage, JournalUsage(entries: 0, totalCount: 0, droppedCount: 0, limit: nil, approximateBytes: 0)
        )
        Self.register(fake, 1)
        XCTAssertEqual(fake.journal.entries.map(\.sequence), [1])
    }

    func test_journalUsage_countsBytesPerEntry_whenRegistersAreJournaled() {
        let fake = PushFake()
        Self.register(fake, 2_000)
        let usage = fake.journalUsage
        XCTAssertEqual(usage.entries, 2_000)
        XCTAssertEqual(usage.totalCount, 2_000)
        XCTAssertNil(usage.limit)
        // A register's entry is its bytes (about 300) plus the entry itself: far below the 1 KB it used to take.
        XCTAssertGreaterThan(usage.approximateBytes / 2_000, 200)
        XCTAssertLessThan(usage.approximateBytes / 2_000, 600)
    }
}
