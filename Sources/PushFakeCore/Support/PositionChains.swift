/// Singly linked chains through an array of records: for each position, the next position in its chain, 4 bytes a
/// record. The TwinPush store chains the devices of each alias in index order with it, instead of keeping an array
/// per alias (Performance.md, "Store cost"). Positions must be below `UInt32.max` (as in ``RecordIndex``).
struct PositionChains: Sendable {
    private static let end = UInt32.max
    private var links: [UInt32] = []

    /// Adds a position, after the last one, that starts with no next.
    mutating func append() {
        links.append(Self.end)
    }

    /// The position after `position` in its chain, if any.
    func next(_ position: Int) -> Int? {
        let link = links[position]
        return link == Self.end ? nil : Int(link)
    }

    /// Makes `next` follow `position` (`nil`: `position` ends its chain).
    mutating func setNext(_ position: Int, to next: Int?) {
        links[position] = next.map { UInt32(truncatingIfNeeded: $0) } ?? Self.end
    }
}
