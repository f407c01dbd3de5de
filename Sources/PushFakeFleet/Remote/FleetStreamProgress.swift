/// How far a fleet's events listener has read a server's stream: the position (`EPOCH:SEQ` of the last `id:`), the
/// deliveries journal entries announced that have not come yet, and the deliveries already handed to the fleet, so
/// that a delivery heard twice (on the stream and again when a gap is filled) counts once. The sync point of a fleet
/// against a server is "the listener has passed the journal head read from the server" (``passed(_:)``).
struct FleetStreamProgress: Sendable {
    /// The journal epoch of the last `id:` read; `nil` before the stream's opening.
    var epoch: UInt64?
    /// The sequence number of the last `id:` read.
    var sequence = 0
    /// Deliveries journal entries announced (their `deliveries`) that the listener has not heard of yet.
    private(set) var pending = DeliveryIDs()
    /// Deliveries handed to the fleet.
    private(set) var seen = DeliveryIDs()
    /// The stream was lost and the listener is between reconnecting and filling the gap: nothing is passed.
    var filling = false

    /// Reads an `id:` (`EPOCH:SEQ`); anything else leaves the position as it is.
    mutating func move(to id: String) {
        guard let position = Self.position(id) else { return }
        (epoch, sequence) = (position.epoch, position.sequence)
    }

    /// `EPOCH:SEQ` as numbers; `nil` for another form.
    static func position(_ id: String) -> (epoch: UInt64, sequence: Int)? {
        let parts = id.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let epoch = UInt64(parts[0]), let sequence = Int(parts[1]), sequence >= 0 else {
            return nil
        }
        return (epoch, sequence)
    }

    /// An entry announced these deliveries: they follow it on the stream.
    mutating func announce(_ ids: [String]) {
        for id in ids where !seen.contains(id) { pending.insert(id) }
    }

    /// A delivery was heard (on the stream or from the deliveries list); `true` the first time only.
    mutating func take(_ id: String) -> Bool {
        pending.remove(id)
        return seen.insert(id)
    }

    /// The gap after a lost stream is filled: every delivery made so far was listed, none is pending any more.
    mutating func filled() {
        pending = DeliveryIDs()
        filling = false
    }

    /// The server forgot its deliveries (`reset`, a loaded state): their ids may be given again.
    mutating func forgetDeliveries() {
        pending = DeliveryIDs()
        seen = DeliveryIDs()
    }

    /// Whether everything up to journal position `head` — its entries and the deliveries they made — was heard.
    func passed(_ head: (epoch: UInt64, sequence: Int)) -> Bool {
        !filling && epoch == head.epoch && sequence >= head.sequence && pending.isEmpty
    }
}

/// A set of delivery ids, compact for the engine's 16-digit ids (numbers), any other id as text.
struct DeliveryIDs: Sendable {
    private var numbers: Set<UInt64> = []
    private var others: Set<String> = []

    var isEmpty: Bool { numbers.isEmpty && others.isEmpty }
    var count: Int { numbers.count + others.count }

    private static func number(_ id: String) -> UInt64? {
        let utf8 = id.utf8
        guard !utf8.isEmpty, utf8.count <= 19, utf8.first != UInt8(ascii: "0"),
            utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return UInt64(id)
    }

    func contains(_ id: String) -> Bool {
        Self.number(id).map { numbers.contains($0) } ?? others.contains(id)
    }

    /// `true` when `id` was not in the set.
    @discardableResult
    mutating func insert(_ id: String) -> Bool {
        if let number = Self.number(id) { return numbers.insert(number).inserted }
        return others.insert(id).inserted
    }

    mutating func remove(_ id: String) {
        if let number = Self.number(id) {
            numbers.remove(number)
        } else {
            others.remove(id)
        }
    }
}
