import XCTest

@testable import PushFakeCore

/// An index of record positions, as the model check drives it: `RecordIndex` and `TaggedRecordIndex` differ only in
/// how an insert learns the other records' hashes.
protocol PositionIndexUnderTest {
    var count: Int { get }
    mutating func insert(_ position: Int, hash: Int, keys: [Int], hashOf: (Int) -> Int)
    mutating func remove(_ position: Int, hash: Int)
    func find(hash: Int, where matches: (Int) -> Bool) -> Int?
    /// Called once half-way, for an index that can make room ahead.
    mutating func halfWay()
}

extension PositionIndexUnderTest {
    mutating func halfWay() {}
}

/// Adds and removes 3,000 keys at random, 20,000 steps, and checks after each step that the index finds exactly what
/// a dictionary from key to position finds, then every key at the end.
func checkAgainstADictionary<Index: PositionIndexUnderTest>(
    _ index: inout Index, hash: (Int) -> Int, file: StaticString = #filePath, line: UInt = #line
) {
    var generator = SplitMix64(seed: 20)
    var keys: [Int] = []  // the "records": position -> key
    var reference: [Int: Int] = [:]  // key -> position
    for step in 0..<20_000 {
        let key = Int(generator.next() % 3_000)
        if step == 10_000 { index.halfWay() }
        if let position = reference[key], generator.next() % 2 == 0 {
            index.remove(position, hash: hash(key))
            reference[key] = nil
            keys[position] = -1
        } else if reference[key] == nil {
            let position = keys.count
            keys.append(key)
            index.insert(position, hash: hash(key), keys: keys, hashOf: hash)
            reference[key] = position
        }
        let probe = Int(generator.next() % 3_000)
        XCTAssertEqual(
            index.find(hash: hash(probe)) { keys[$0] == probe }, reference[probe], "key \(probe)", file: file,
            line: line)
    }
    XCTAssertEqual(index.count, reference.count, file: file, line: line)
    for (key, position) in reference {
        XCTAssertEqual(index.find(hash: hash(key)) { keys[$0] == key }, position, file: file, line: line)
    }
}
