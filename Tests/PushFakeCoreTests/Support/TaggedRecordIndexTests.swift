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

extension TaggedRecordIndex: PositionIndexUnderTest {
    mutating func insert(_ position: Int, hash: Int, keys: [Int], hashOf: (Int) -> Int) {
        insert(position, hash: hash)
    }

    mutating func halfWay() { reserveCapacity(forAdditional: 5_000) }
}
