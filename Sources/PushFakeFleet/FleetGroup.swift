import PushFakeCore

/// A device group of a fleet with its own policy: a range of fleet-wide device numbers, or a fraction of the fleet.
///
/// A device's group depends only on its number (and, for fractions, the seed), never on the shard that runs it, so
/// the shards of a fleet react exactly as the whole fleet does. The first group that holds a device wins; fraction
/// groups take consecutive slices of one seeded draw per device, so they never overlap.
public struct FleetGroup: Sendable, Equatable {
    /// Which devices belong to the group.
    public enum Members: Sendable, Equatable {
        /// The devices numbered in this range (fleet-wide numbers, before sharding).
        case devices(ClosedRange<Int>)
        /// Each device independently with this probability (0…1), drawn from the seed and its number.
        case fraction(Double)
    }

    /// Which devices belong to the group.
    public var members: Members
    /// What they do (read from JSON, it starts from the document's base policy, not from a profile's).
    public var policy: FleetPolicy

    public init(_ members: Members, policy: FleetPolicy) {
        (self.members, self.policy) = (members, policy)
    }

    /// The most groups a policy document may have.
    public static let maximumCount = 1_000

    static let keys: Set<String> = ["devices", "fraction", "percent", "policy"]

    /// Reads `{"devices":"0..999" | "fraction":0.1 | "percent":10, "policy":{…}}` at `path`.
    static func parse(_ json: JSON, at path: String, base: FleetPolicy) throws(JSONFieldError) -> FleetGroup {
        let fields = try FleetPolicyFields(json, at: path, allowed: keys)
        let given = ["devices", "fraction", "percent"].filter { fields.object[$0] != nil }
        guard given.count == 1 else {
            throw JSONFieldError(path: path, problem: "needs exactly one of devices, fraction, percent")
        }
        let members: Members
        if let devices = fields.object["devices"] {
            members = .devices(try range(devices, at: fields.place("devices")))
        } else if let fraction = try fields.probability("fraction") {
            members = .fraction(fraction)
        } else {
            let percent = fields.object["percent"]?.doubleValue
            guard let percent, percent.isFinite, percent >= 0, percent <= 100 else {
                throw JSONFieldError(path: fields.place("percent"), problem: "must be a percentage in 0…100")
            }
            members = .fraction(percent / 100)
        }
        let policy = try base.applying(fields.object["policy"] ?? .object(JSONObject()), at: fields.place("policy"))
        return FleetGroup(members, policy: policy)
    }

    /// `"A..B"` (both ends included) or `"A"`, device numbers below ``FleetConfiguration/maximumDevices``.
    static func range(_ json: JSON, at path: String) throws(JSONFieldError) -> ClosedRange<Int> {
        let problem = "must be a device number or a range \"A..B\" of them, 0…\(FleetConfiguration.maximumDevices - 1)"
        guard let text = json.stringValue else { throw JSONFieldError(path: path, problem: problem) }
        let ends = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        let numbers: [Int?]
        switch ends.count {
        case 1: numbers = [number(ends[0]), number(ends[0])]
        case 3 where ends[1].isEmpty: numbers = [number(ends[0]), number(ends[2])]
        default: numbers = [nil]
        }
        guard numbers.count == 2, let low = numbers[0], let high = numbers[1],
            high < FleetConfiguration.maximumDevices
        else { throw JSONFieldError(path: path, problem: problem) }
        guard low <= high else { throw JSONFieldError(path: path, problem: "starts after it ends: \(text)") }
        return low...high
    }

    /// Decimal digits only (at most 9, so no overflow), or `nil`.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        return Int(text)
    }
}

extension FleetPolicySet {
    /// The index in ``groups`` of fleet-wide device `global`, or `nil`; `draw` is the device's seeded unit sample
    /// for fraction groups (each fraction group takes the next slice of [0, 1)).
    func group(ofDevice global: Int, draw: Double) -> Int? {
        var low = 0.0
        for (index, group) in groups.enumerated() {
            switch group.members {
            case .devices(let range):
                if range.contains(global) { return index }
            case .fraction(let fraction):
                if draw >= low, draw < low + fraction { return index }
                low += fraction
            }
        }
        return nil
    }

    /// Reads the `groups` array of a policy document.
    static func parseGroups(_ json: JSON, base: FleetPolicy) throws(JSONFieldError) -> [FleetGroup] {
        guard let items = json.arrayValue else { throw JSONFieldError(path: "groups", problem: "must be an array") }
        guard items.count <= FleetGroup.maximumCount else {
            throw JSONFieldError(path: "groups", problem: "at most \(FleetGroup.maximumCount) groups")
        }
        var groups: [FleetGroup] = []
        var fractions = 0.0
        for (index, item) in items.enumerated() {
            let group = try FleetGroup.parse(item, at: "groups[\(index)]", base: base)
            if case .fraction(let fraction) = group.members {
                fractions += fraction
                guard fractions <= 1 + 1e-9 else {
                    throw JSONFieldError(path: "groups[\(index)]", problem: "fractions add up to more than 1")
                }
            }
            groups.append(group)
        }
        return groups
    }
}
