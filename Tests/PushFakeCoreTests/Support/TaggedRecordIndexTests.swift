import XCTest

@testable import PushFakeCore

/// `TaggedRecordIndex` keeps positions with hash bits: it must find exactly what a dictionary from key to position
/// finds, through equal hashes, removals (tombstones), reserved room and regrowth.
final class TaggedRecordIndexTests: XCTestCase {
    func test_taggedRecordIndex_findsWhatADictionaryFinds_whenKeysCollideAndAreRemovedAndAdded() {
        // Spread 7: few distinct hashes (equal slots and tags), so every probe compares records; the other spreads
        // keys over the table. Half-way, room is reserved ahead.
        for spread in [7, 1 << 40] {
            var index = TaggedRecordIndex()
            checkAgainstADictionary(&index) { spread == 7 ? $0 % 7 : $0 &* 0x5851_F42D_4C95_7F2D }
        }
    }

    func test_taggedRecordIndex_findsNothing_whenEmptyOrRemovedOrOnlyTheTagDiffers() {
        var index = TaggedRecordIndex()
        XCTAssertNil(index.find(hash: 1) { _ in true })
        index.insert(0, hash: 1)
        XCTAssertEqual(index.find(hash: 1) { $0 == 0 }, 0)
        // Same slot, other hash bits: the record is not even asked.
        XCTAssertNil(index.find(hash: 1 | 1 << 20) { _ in true })
        index.remove(0, hash: 1)
        index.remove(0, hash: 1)
        XCTAssertNil(index.find(hash: 1) { _ in true })
        XCTAssertEqual(index.count, 0)
    }
}

/// `upsert` replaces the live position of an equal key in the same probe: checked against a dictionary, through
/// colliding hashes and tombstones.
final class TaggedRecordIndexUpsertTests: XCTestCase {
    func test_upsert_replacesTheEqualKeysPosition_andReturnsIt_likeADictionary() {
        for spread in [7, 1 << 40] {
            let hash: (Int) -> Int = { spread == 7 ? $0 % 7 : $0 &* 0x5851_F42D_4C95_7F2D }
            var generator = SplitMix64(seed: 21)
            var index = TaggedRecordIndex()
            var keys: [Int] = []
            var reference: [Int: Int] = [:]
            for _ in 0..<20_000 {
                let key = Int(generator.next() % 2_000)
                if let position = reference[key], generator.next() % 4 == 0 {
                    index.remove(position, hash: hash(key))
                    reference[key] = nil
                    continue
                }
                let position = keys.count
                keys.append(key)
                let replaced = index.upsert(position, hash: hash(key)) { keys[$0] == key }
                XCTAssertEqual(replaced, reference[key], "key \(key)")
                reference[key] = position
            }
            XCTAssertEqual(index.count, reference.count)
            for key in 0..<2_000 {
                XCTAssertEqual(index.find(hash: hash(key)) { keys[$0] == key }, reference[key], "key \(key)")
            }
        }
    }
}

extension TaggedRecordIndex: PositionIndexUnderTest {
    mutating func insert(_ position: Int, hash: Int, keys: [Int], hashOf: (Int) -> Int) {
        insert(position, hash: hash)
    }

    mutating func halfWay() { reserveCapacity(forAdditional: 5_000) }
}
