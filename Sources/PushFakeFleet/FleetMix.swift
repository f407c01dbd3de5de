import PushFakeCore

/// How many of a fleet's devices run each profile: weights such as `twinpush-ios=60,twinpush-android=35,tpns-ios=5`.
///
/// Device indexes are laid out in profile blocks (all `tpns-ios` first, then `twinpush-ios`, then
/// `twinpush-android`), each block's size the weight's share of the count by largest remainder, so the counts add
/// up exactly and a shard (every N-th index) gets the same mix.
public struct FleetMix: Sendable, Equatable {
    /// Weights by profile; profiles left out weigh 0.
    public var weights: [FleetProfile: Int]

    /// A mix from weights (each 0…1,000,000, at least one above 0).
    public init(_ weights: [FleetProfile: Int]) {
        self.weights = weights
    }

    /// Every device of one profile.
    public static func only(_ profile: FleetProfile) -> FleetMix { FleetMix([profile: 1]) }

    /// Parses `name=weight,…`; an unknown profile, a repeated one or a weight outside 0…1,000,000 is an error naming
    /// it.
    public static func parse(_ text: String) throws(JSONFieldError) -> FleetMix {
        var weights: [FleetProfile: Int] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pieces[0].trimmingCharacters(in: .whitespaces)
            guard let profile = FleetProfile(rawValue: name) else {
                let known = FleetProfile.allCases.map(\.rawValue).joined(separator: ", ")
                throw JSONFieldError(path: "mix", problem: "unknown profile \"\(name)\" (known: \(known))")
            }
            guard weights[profile] == nil else {
                throw JSONFieldError(path: "mix", problem: "\(name) is given twice")
            }
            guard pieces.count == 2, let weight = Int(pieces[1].trimmingCharacters(in: .whitespaces)),
                (0...1_000_000).contains(weight)
            else { throw JSONFieldError(path: "mix", problem: "\(name) needs a weight in 0…1000000 (\(name)=60)") }
            weights[profile] = weight
        }
        let mix = FleetMix(weights)
        guard mix.total > 0 else { throw JSONFieldError(path: "mix", problem: "all weights are 0") }
        return mix
    }

    var total: Int { weights.values.reduce(0, +) }

    /// Devices per profile for a fleet of `count`, in profile order (largest remainder; ties to the earlier profile).
    public func counts(for count: Int) -> [(profile: FleetProfile, count: Int)] {
        let total = max(1, self.total)
        let shares = FleetProfile.allCases.map { profile -> (FleetProfile, Int, Int) in
            let weight = weights[profile] ?? 0
            let (quotient, remainder) = (count / total * weight, (count % total) * weight)
            return (profile, quotient + remainder / total, remainder % total)
        }
        var counts = shares.map { ($0.0, $0.1) }
        var left = count - counts.reduce(0) { $0 + $1.1 }
        let order = shares.indices.sorted { shares[$0].2 > shares[$1].2 || (shares[$0].2 == shares[$1].2 && $0 < $1) }
        for index in order where left > 0 && (weights[shares[index].0] ?? 0) > 0 {
            counts[index].1 += 1
            left -= 1
        }
        return counts.map { (profile: $0.0, count: $0.1) }
    }

    /// The text form, `tpns-ios=5,twinpush-ios=60,…` (profiles with a weight, in profile order).
    public var text: String {
        FleetProfile.allCases.compactMap { profile in weights[profile].map { "\(profile.rawValue)=\($0)" } }
            .joined(separator: ",")
    }
}
