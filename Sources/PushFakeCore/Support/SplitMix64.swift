/// A small, fast, seedable generator (SplitMix64) for ids and probabilistic faults; PushFake's modules and tests
/// share it (`package`).
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        self.state = seed
    }

    /// The generator's whole state, for state documents: `SplitMix64(seed: g.currentState)` continues as `g` does.
    package var currentState: UInt64 { state }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1).
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
