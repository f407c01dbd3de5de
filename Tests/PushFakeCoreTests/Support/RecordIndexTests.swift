import XCTest

@testable import PushFakeCore

/// `RecordIndex` keeps only positions and asks for the records' keys: it must find exactly what a dictionary from
/// key to position finds, through collisions, removals (tombstones) and regrowth.
final class RecordIndexTests: XCTestCase {
    func test_recordIndex_findsWhatADictionaryFinds_whenKeysCollideAndAreRemovedAndAdded() {
        var generator = SplitMix64(seed: 20)
        var keys: [Int] = []  // the "records": position -> key
        var index = RecordIndex()
        var reference: [Int: Int] = [:]  // key -> position
        // Few distinct hashes, so every lookup probes past other keys and tombstones.
        func hash(_ key: Int) -> Int { key % 7 }
        for _ in 0..<20_000 {
            let key = Int(generator.next() % 3_000)
            if let position = reference[key], generator.next() % 2 == 0 {
                index.remove(position, hash: hash(key))
                reference[key] = nil
                keys[position] = -1
            } else if reference[key] == nil {
                let position = keys.count
                keys.append(key)
                index.insert(position, hash: hash(key)) { hash(keys[$0]) }
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
