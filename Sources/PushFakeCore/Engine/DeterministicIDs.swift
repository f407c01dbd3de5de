/// Identifiers that depend only on the seed and on how many of each kind were made before.
///
/// Every id is a 16-digit decimal string below 2^53 (FakeBehaviour.md, Common): the first digit names the kind, the
/// next four come from the seed (all zero for seed 0), the last eleven count. So the first TwinPush device under
/// the default seed is `1000000000000001`, and ids survive a round trip through a JSON number (`tp_id`).
struct DeterministicIDs: Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        case twinPushDevice = 1
        case twinPushNotification = 2
        case delivery = 3
        case inboxItem = 4
        case tpnsNotification = 5
    }

    let seed: UInt64
    private let seedPart: UInt64
    private var counters = [UInt64](repeating: 0, count: Kind.allCases.count + 1)

    init(seed: UInt64) {
        self.seed = seed
        var generator = SplitMix64(seed: seed)
        self.seedPart = seed == 0 ? 0 : generator.next() % 10_000
    }

    mutating func next(_ kind: Kind) -> String {
        counters[kind.rawValue] += 1
        let value = UInt64(kind.rawValue) * 1_000_000_000_000_000 + seedPart * 100_000_000_000 + counters[kind.rawValue]
        return String(value)
    }

    /// How many ids of a kind were made.
    func count(_ kind: Kind) -> UInt64 { counters[kind.rawValue] }
}
