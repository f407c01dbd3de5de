import PushFakeCore
import XCTest

/// The journal's storage on its own, with chunks small enough to cross their boundaries often.
final class SegmentedRingTests: XCTestCase {
    func test_append_keepsOrderAcrossChunkBoundaries_whenUnbounded() {
        var ring = SegmentedRing<Int>(chunkSize: 4)
        for value in 0..<10 { XCTAssertNil(ring.append(value)) }
        XCTAssertEqual(ring.elements, Array(0..<10))
        XCTAssertEqual(ring.count, 10)
        XCTAssertGreaterThanOrEqual(ring.reservedSlots, 12, "three chunks of four, the last as the allocator rounds it")
        XCTAssertLessThan(ring.reservedSlots, 16)
    }

    func test_elements_isTheOnlyChunk_whenSmall() {
        var ring = SegmentedRing<Int>(chunkSize: 1024)
        XCTAssertEqual(ring.elements, [])
        XCTAssertEqual(ring.reservedSlots, 0)
        ring.append(1)
        ring.append(2)
        XCTAssertEqual(ring.elements, [1, 2])
        XCTAssertLessThan(ring.reservedSlots, 1024, "the first chunk grows as needed")
    }

    func test_ring_wrapsAroundAndNeverGrows_whenCapacityReached() {
        var ring = SegmentedRing<Int>(chunkSize: 4, capacity: 6)
        var dropped: [Int] = []
        for value in 0..<6 { XCTAssertNil(ring.append(value)) }
        let slots = ring.reservedSlots
        for value in 6..<23 {
            if let oldest = ring.append(value) { dropped.append(oldest) }
            XCTAssertEqual(ring.count, 6)
            XCTAssertEqual(ring.elements, Array(value - 5...value), "after \(value)")
            XCTAssertEqual(ring.reservedSlots, slots)
        }
        XCTAssertEqual(dropped, Array(0..<17))
    }

    func test_ring_wrapsInsideOneChunk_whenCapacityBelowChunkSize() {
        var ring = SegmentedRing<Int>(chunkSize: 1024, capacity: 3)
        for value in 1...5 { ring.append(value) }
        XCTAssertEqual(ring.elements, [3, 4, 5])
        XCTAssertLessThan(ring.reservedSlots, 1024)
    }

    func test_ring_wrapsAtChunkEdges_whenCapacityIsAMultipleOfTheChunk() {
        var ring = SegmentedRing<Int>(chunkSize: 3, capacity: 6)
        for value in 0..<14 { ring.append(value) }
        XCTAssertEqual(ring.elements, Array(8..<14))
    }

    func test_copy_isASnapshot_whenTheOriginalKeepsAppending() {
        var ring = SegmentedRing<Int>(chunkSize: 4)
        for value in 0..<6 { ring.append(value) }
        let snapshot = ring
        for value in 6..<20 { ring.append(value) }
        XCTAssertEqual(snapshot.elements, Array(0..<6))
        XCTAssertEqual(snapshot.count, 6)
        XCTAssertEqual(ring.elements, Array(0..<20))
    }

    func test_openChunk_neverGrowsPastTheChunkSize_whenSnapshotsCopyIt() {
        var ring = SegmentedRing<Int>(chunkSize: 64)
        var snapshots: [SegmentedRing<Int>] = []
        for value in 0..<1_000 {
            ring.append(value)
            if value % 7 == 0 { snapshots.append(ring) }
        }
        XCTAssertEqual(ring.elements, Array(0..<1_000))
        XCTAssertEqual(snapshots[3].elements, Array(0...21))
        // 16 chunks of 64: the last one may be rounded up by the allocator, but not doubled past the chunk size.
        XCTAssertLessThan(ring.reservedSlots, 16 * 64 + 16)
    }

    func test_copy_isASnapshot_whenAFullRingOverwrites() {
        var ring = SegmentedRing<Int>(chunkSize: 4, capacity: 8)
        for value in 0..<10 { ring.append(value) }
        let snapshot = ring
        for value in 10..<13 { ring.append(value) }
        XCTAssertEqual(snapshot.elements, Array(2..<10))
        XCTAssertEqual(ring.elements, Array(5..<13))
    }

    func test_removeAll_returnsWhatWasHeldAndStartsEmpty_whenCalled() {
        var ring = SegmentedRing<Int>(chunkSize: 4, capacity: 5)
        for value in 0..<7 { ring.append(value) }
        let removed = ring.removeAll()
        XCTAssertEqual(removed.elements, Array(2..<7))
        XCTAssertEqual(ring.elements, [])
        XCTAssertEqual(ring.count, 0)
        XCTAssertEqual(ring.capacity, 5)
        for value in 0..<7 { ring.append(value) }
        XCTAssertEqual(ring.elements, Array(2..<7), "the ring fills and wraps again")
    }

    func test_sizes_areRaisedToOne_whenBelow() {
        var ring = SegmentedRing<Int>(chunkSize: 0, capacity: 0)
        ring.append(1)
        XCTAssertEqual(ring.append(2), 1)
        XCTAssertEqual(ring.elements, [2])
        XCTAssertEqual(ring.chunkSize, 1)
    }
}
