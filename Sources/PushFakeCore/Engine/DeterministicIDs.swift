/// Identifiers that depend only on the seed and on how many of each kind were made before.
///
/// Every id is a 16-digit decimal string below 2^53 (FakeBehaviour.md, Common): the first digit names the kind
/// (``IDKind``), the next four come from the seed (all zero for seed 0), the last eleven count. So the first id of
/// kind 1 under the default seed is `1000000000000001`, and ids survive a round trip through a JSON number.
struct DeterministicIDs: Sendable {
    let seed: UInt64
    private let seedPart: UInt64
    /// One counter per leading digit 0…9.
    private var counters = [UInt64](repeating: 0, count: 10)
    /// Ids to hand out before counting, by leading digit: the real service's ids a learning proxy adopts.
    private var adopted: [Int: [String]] = [:]

    init(seed: UInt64) {
        self.seed = seed
        var generator = SplitMix64(seed: seed)
        self.seedPart = seed == 0 ? 0 : generator.next() % 10_000
    }

    mutating func next(_ kind: IDKind) -> String {
        // IDKind keeps its digit in 1…9; the clamp only keeps a bad value from trapping on a request path.
        let digit = min(max(kind.digit, 1), 9)
        if !adopted.isEmpty, var queue = adopted[digit], !queue.isEmpty {
            let id = queue.removeFirst()
            adopted[digit] = queue.isEmpty ? nil : queue
            return id
        }
        counters[digit] &+= 1
        let value = UInt64(digit) * 1_000_000_000_000_000 + seedPart * 100_000_000_000 + counters[digit]
        return Self.decimal(value)
    }

    /// `String(value)`, its digits written by ``JSON/writeDigits(_:to:)`` straight into the string's storage: a fan-out
    /// makes an id per delivery, and the standard conversion goes through a generic buffer first (Performance.md,
    /// "fan-outs move their deliveries").
    static func decimal(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 20) { buffer in
            var output = FixedBytes(buffer)
            JSON.writeDigits(value, to: &output)
            return output.count
        }
    }

    /// How many ids of a kind were made.
    func count(_ kind: IDKind) -> UInt64 { counters[min(max(kind.digit, 1), 9)] }

    /// The largest counter: eleven digits.
    static let maximumCounter: UInt64 = 99_999_999_999

    /// Sets how many ids of a kind were made (state documents); `count` is at most ``maximumCounter``.
    mutating func setCount(_ count: UInt64, of kind: IDKind) {
        counters[min(max(kind.digit, 1), 9)] = min(count, Self.maximumCounter)
    }

    /// Makes sure ``next(_:)`` never returns `id` later: when `id` has this engine's form (16 digits, this seed's
    /// digits 2–5), the counter of its kind is raised to the id's counter. Other ids cannot collide and are ignored.
    mutating func reserve(_ id: String) {
        let digits = Array(id.utf8)
        guard digits.count == 16, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = UInt64(id)
        else { return }
        let digit = Int(value / 1_000_000_000_000_000)
        guard (1...9).contains(digit), value / 100_000_000_000 % 10_000 == seedPart else { return }
        counters[digit] = max(counters[digit], value % 100_000_000_000)
    }

    /// Makes the next ``next(_:)`` calls for `kind` return `ids`, in order, instead of counting; each is also
    /// reserved, so the counter never makes it later.
    mutating func adopt(_ ids: [String], as kind: IDKind) {
        guard !ids.isEmpty else { return }
        for id in ids { reserve(id) }
        adopted[min(max(kind.digit, 1), 9), default: []] += ids
    }

    /// Forgets adopted ids nobody asked for.
    mutating func forgetAdopted() {
        adopted = [:]
    }
}
