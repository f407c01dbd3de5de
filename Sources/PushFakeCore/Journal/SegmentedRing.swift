/// The journal's storage: elements in fixed-size chunks appended to a list, optionally bounded as a ring.
///
/// Appending never regrows one big array under the engine lock (Performance.md, "Journal cost"): it writes into the
/// open chunk, or starts a new one, so the worst case copies one chunk's worth of references, not the journal. With
/// a capacity it is a ring over the chunks it filled first and never grows again: each append overwrites the oldest
/// element in place.
///
/// A value type: a copy (the snapshot `fake.journal` takes under the lock) shares every chunk and costs O(1). The
/// next append to the original then copies only the chunk directory and the one chunk it writes to (copy on write),
/// so the snapshot stays immutable while the journal grows.
package struct SegmentedRing<Element> {
    /// Elements per chunk (at least 1).
    package let chunkSize: Int
    /// The most elements held; `nil` is unbounded.
    package let capacity: Int?
    private var chunks: [[Element]] = []
    /// Physical index of the oldest element: 0 until a full ring starts overwriting.
    private var head = 0
    /// The number of elements held.
    package private(set) var count = 0

    /// An empty ring; `chunkSize` and `capacity` below 1 are raised to 1.
    package init(chunkSize: Int = 1024, capacity: Int? = nil) {
        self.chunkSize = max(1, chunkSize)
        self.capacity = capacity.map { max(1, $0) }
    }

    /// Appends `element`; when the ring is full it replaces the oldest element, which it returns.
    @discardableResult
    package mutating func append(_ element: Element) -> Element? {
        if let capacity, count >= capacity {
            let (chunk, slot) = head.quotientAndRemainder(dividingBy: chunkSize)
            guard chunks.indices.contains(chunk), chunks[chunk].indices.contains(slot) else { return nil }
            let oldest = chunks[chunk][slot]
            chunks[chunk][slot] = element
            head = head &+ 1 == capacity ? 0 : head &+ 1
            return oldest
        }
        if let last = chunks.indices.last, chunks[last].count < chunkSize {
            // The first chunk grows by doubling, so a small journal stays small, and so does an open chunk that a
            // snapshot's copy on write left exactly full; neither grows past the chunk size.
            let held = chunks[last].count
            if held == chunks[last].capacity { chunks[last].reserveCapacity(min(chunkSize, max(16, held &* 2))) }
            chunks[last].append(element)
        } else {
            // Later chunks are made full size up front, so no chunk is regrown.
            var chunk: [Element] = []
            if !chunks.isEmpty { chunk.reserveCapacity(chunkSize) }
            chunk.append(element)
            chunks.append(chunk)
        }
        count &+= 1
        return nil
    }

    /// Every element, oldest first. Free for a journal of one chunk that has not wrapped (the common test case):
    /// the chunk itself is returned.
    package var elements: [Element] {
        if head == 0, chunks.count == 1, let only = chunks.first { return only }
        var result: [Element] = []
        result.reserveCapacity(count)
        let (headChunk, headSlot) = head.quotientAndRemainder(dividingBy: chunkSize)
        for index in chunks.indices.dropFirst(headChunk) {
            result.append(contentsOf: index == headChunk ? chunks[index][headSlot...] : chunks[index][...])
        }
        for index in chunks.indices.prefix(headChunk) {
            result.append(contentsOf: chunks[index])
        }
        if headChunk < chunks.count, headSlot > 0 {
            result.append(contentsOf: chunks[headChunk][..<headSlot])
        }
        return result
    }

    /// The element at `index` in age order (0 is the oldest); `nil` outside `0..<count`.
    package func element(at index: Int) -> Element? {
        guard index >= 0, index < count else { return nil }
        let (chunk, slot) = ((head &+ index) % count).quotientAndRemainder(dividingBy: chunkSize)
        guard chunks.indices.contains(chunk), chunks[chunk].indices.contains(slot) else { return nil }
        return chunks[chunk][slot]
    }

    /// The newest element among the last `limit` that satisfies `predicate`, searched newest first.
    package func last(within limit: Int, where predicate: (Element) -> Bool) -> Element? {
        guard count > 0, limit > 0 else { return nil }
        var index = count &- 1
        let lowest = max(0, count &- limit)
        while index >= lowest {
            let (chunk, slot) = ((head &+ index) % count).quotientAndRemainder(dividingBy: chunkSize)
            if chunks.indices.contains(chunk), chunks[chunk].indices.contains(slot), predicate(chunks[chunk][slot]) {
                return chunks[chunk][slot]
            }
            index &-= 1
        }
        return nil
    }

    /// The newest elements that satisfy `predicate`, oldest first: the walk from the newest stops at the first one
    /// that does not.
    package func suffix(while predicate: (Element) -> Bool) -> [Element] {
        var found: [Element] = []
        var index = count &- 1
        while index >= 0 {
            let (chunk, slot) = ((head &+ index) % count).quotientAndRemainder(dividingBy: chunkSize)
            guard chunks.indices.contains(chunk), chunks[chunk].indices.contains(slot), predicate(chunks[chunk][slot])
            else { break }
            found.append(chunks[chunk][slot])
            index &-= 1
        }
        return found.reversed()
    }

    /// Element slots allocated, held or not: what the chunks cost besides the elements' own storage.
    package var reservedSlots: Int {
        guard let last = chunks.last else { return 0 }
        return (chunks.count &- 1) &* chunkSize &+ last.capacity
    }

    /// Empties the ring and returns what it held, so the caller can release it outside a lock.
    package mutating func removeAll() -> SegmentedRing {
        var emptied = SegmentedRing(chunkSize: chunkSize, capacity: capacity)
        swap(&self, &emptied)
        return emptied
    }
}

extension SegmentedRing: Sendable where Element: Sendable {}
