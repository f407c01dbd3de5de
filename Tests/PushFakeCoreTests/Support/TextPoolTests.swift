import XCTest

@testable import PushFakeCore

/// TextPool keeps the optional strings of many entries in one buffer: every slot reads back the bytes written,
/// through changes that rewrite an entry at the end and compactions that move the live entries to a fresh pool.
final class TextPoolTests: XCTestCase {
    private let samples: [String?] = [
        nil, "", "a", "1234567890123456", String(repeating: "é", count: 100), "\u{212A}-1", "cafe\u{301}",
        String(repeating: "x", count: 20_000), "line\nbreak\"quote",
    ]

    func test_textPool_readsBackEveryValue_inEverySlot_ofEveryEntry() {
        var pool = TextPool(slots: 3)
        var entries: [(TextPool.Entry, [String?])] = []
        for first in samples {
            for second in samples {
                entries.append((pool.add(first, second, "token"), [first, second, "token"]))
                entries.append((pool.add([second, first]), [second, first, nil]))
            }
        }
        for (entry, values) in entries {
            for slot in 0..<3 {
                XCTAssertTrue(String.sameBytes(pool.string(entry, slot), values[slot]), "slot \(slot)")
                XCTAssertEqual(pool.contains(entry, slot), values[slot] != nil)
                XCTAssertTrue(pool.hasSameBytes(entry, slot, asOptional: values[slot]))
            }
            XCTAssertNil(pool.string(entry, 3), "a slot past the last is nil")
            XCTAssertNil(pool.string(entry, -1), "a slot before the first is nil")
        }
        XCTAssertEqual(pool.deadBytes, 0)
        XCTAssertEqual(pool.liveBytes, pool.byteCount)
    }

    func test_textPool_set_changesOneSlot_ofOneEntry_andKeepsTheRest() {
        var pool = TextPool(slots: 4)
        var entries = (0..<5).map { _ in pool.add([]) }
        var expected = [[String?]](repeating: [nil, nil, nil, nil], count: 5)
        var generator = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let entry = Int(generator.next() % 5)
            let slot = Int(generator.next() % 4)
            let value = samples[Int(generator.next() % UInt64(samples.count))]
            pool.set(&entries[entry], slot, to: value)
            expected[entry][slot] = value
            for (index, values) in expected.enumerated() {
                for slot in 0..<4 {
                    XCTAssertTrue(String.sameBytes(pool.string(entries[index], slot), values[slot]))
                }
            }
        }
        XCTAssertGreaterThan(pool.deadBytes, 0, "a changed entry leaves its old bytes behind")
    }

    func test_textPool_set_toTheSameBytes_writesNothing() {
        var pool = TextPool(slots: 3)
        var entry = pool.add("udid", "token", nil)
        let before = entry
        pool.set(&entry, 1, to: "token")
        pool.set(&entry, 2, to: nil)
        XCTAssertEqual(entry, before)
        XCTAssertEqual(pool.deadBytes, 0)
        pool.set(&entry, 2, to: "")
        XCTAssertNotEqual(entry, before, "the empty string is not nil")
        XCTAssertEqual(pool.deadBytes, 12, "the old entry: three lengths and nine bytes")
    }

    func test_textPool_copy_movesLiveEntries_toAFreshPool() {
        var pool = TextPool(slots: 3)
        var entries = (0..<200).map { pool.add("udid-\($0)", "token", "alias-\($0)") }
        for round in 0..<2_000 {
            let index = round % entries.count
            pool.set(&entries[index], 1, to: String(repeating: "t", count: 100) + "\(round)")
        }
        XCTAssertTrue(pool.wantsCompaction, "dead \(pool.deadBytes), live \(pool.liveBytes)")
        var fresh = TextPool(slots: 3, reservingBytes: pool.liveBytes)
        let moved = entries.map { fresh.copy($0, from: pool) }
        XCTAssertEqual(fresh.byteCount, pool.liveBytes)
        XCTAssertEqual(fresh.deadBytes, 0)
        XCTAssertFalse(fresh.wantsCompaction)
        for (old, new) in zip(entries, moved) {
            for slot in 0..<3 { XCTAssertTrue(String.sameBytes(fresh.string(new, slot), pool.string(old, slot))) }
        }
    }

    func test_textPool_comparesBytes_notCanonicalEquivalence() {
        var pool = TextPool(slots: 4)
        let entry = pool.add(["K-1", "café", nil, ""])
        XCTAssertTrue(pool.hasSameBytes(entry, 0, as: "K-1"))
        XCTAssertFalse(pool.hasSameBytes(entry, 0, as: "\u{212A}-1"))
        XCTAssertFalse(pool.hasSameBytes(entry, 1, as: "cafe\u{301}"))
        XCTAssertFalse(pool.hasSameBytes(entry, 2, as: ""), "nil is not the empty string")
        XCTAssertTrue(pool.hasSameBytes(entry, 3, as: ""))
        XCTAssertEqual(pool.withBytes(entry, 1) { $0.map { Array($0) } }, Array("café".utf8))
        XCTAssertNil(pool.withBytes(entry, 2) { $0.map { Array($0) } })
        XCTAssertNil(pool.string(entry, 7), "a slot past the last is nil")
    }

    func test_internedStrings_numberEachDistinctByteStringOnce() {
        var strings = InternedStrings(kinds: 2)
        XCTAssertEqual(strings.number(of: nil), 0)
        let ios = strings.number(of: "ios", kind: 0)
        XCTAssertEqual(strings.number(of: "ios", kind: 1), ios)
        let kelvin = strings.number(of: "\u{212A}", kind: 0)
        XCTAssertNotEqual(strings.number(of: "K", kind: 0), kelvin)
        XCTAssertEqual(strings.number(of: "\u{212A}", kind: 1), kelvin)
        XCTAssertEqual(strings[kelvin], "\u{212A}")
        XCTAssertEqual(strings.count, 3)
        XCTAssertNil(strings[0])
        XCTAssertNil(strings[99])
        XCTAssertTrue(strings.matches(ios, "ios"))
        XCTAssertFalse(strings.matches(0, ""))
    }
}
