import XCTest

@testable import PushFakeCore

/// `RecordIndex` keeps only positions and asks for the records' keys: it must find exactly what a dictionary from
/// key to position finds, through collisions, removals (tombstones) and regrowth.
final class RecordIndexTests: XCTestCase {
    func test_recordIndex_findsWhatADictionaryFinds_whenKeysCollideAndAreRemovedAndAdded() {
        var index = RecordIndex()
        // Few distinct hashes, so every lookup probes past other keys and tombstones.
        checkAgainstADictionary(&index) { $0 % 7 }
    }

    func test_recordIndex_findsNothing_whenEmptyOrRemoved() {
        var index = RecordIndex()
        XCTAssertNil(index.find(hash: 1) { _ in true })
        index.insert(0, hash: 1) { _ in 1 }
        XCTAssertEqual(index.find(hash: 1) { $0 == 0 }, 0)
        index.remove(0, hash: 1)
        index.remove(0, hash: 1)
        XCTAssertNil(index.find(hash: 1) { $0 == 0 })
        XCTAssertEqual(index.count, 0)
    }
}

extension RecordIndex: PositionIndexUnderTest {
    mutating func insert(_ position: Int, hash: Int, keys: [Int], hashOf: (Int) -> Int) {
        insert(position, hash: hash) { hashOf(keys[$0]) }
    }
}
