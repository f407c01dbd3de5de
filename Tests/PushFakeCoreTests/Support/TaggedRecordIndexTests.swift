import XCTest

@testable import PushFakeCore

/// `TaggedRecordIndex` keeps positions with hash bits: it must find exactly what a dictionary from key to position
/// finds, through equal hashes, removals (tombstones), reserved room and regrowth.
final class TaggedRecordIndexTests: XCTestCase {
    func test_taggedRecordIndex_findsWhatADictionaryFinds_whenKeysCollideAndAreRemovedAndAdded() {
        for spread in [7, 1 << 40] {
            var generator = SplitMix64(seed: 20)
            var keys: [Int] = []  // the "records": position -> key
            var index = TaggedRecordIndex()
            var reference: [Int: Int] = [:]  // key -> position
            // Spread 7: few distinct hashes (equal slots and tags), so every probe compares records.
            func hash(_ key: Int) -> Int { spread == 7 ? key % 7 : key &* 0x5851_F42D_4C95_7F2D }
            for step in 0..<20_000 {
                let key = Int(generator.next() % 3_000)
                if step == 10_000 { index.reserveCapacity(forAdditional: 5_000) }
                if let position = reference[key], generator.next() % 2 == 0 {
                    index.remove(position, hash: hash(key))
                    reference[key] = nil
                    keys[position] = -1
                } else if reference[key] == nil {
                    let position = keys.count
                    keys.append(key)
                    index.insert(position, hash: hash(key))
                    reference[key] = position
                }
                let probe = Int(generator.next() % 3_000)
                XCTAssertEqual(index.find(hash: hash(probe)) { keys[$0] == probe }, reference[probe], "key \(probe)")
            }
            XCTAssertEqual(index.count, reference.count)
            for (key, position) in reference {
                XCTAssertEqual(index.find(hash: hash(key)) { keys[$0] == key }, position)
            }
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
