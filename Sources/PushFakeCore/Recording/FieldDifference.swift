/// One place where a recorded JSON value and the current one differ: a leaf with other values, a member on one side
/// only, or arrays of different lengths. Recording comparisons and replay drift reports print these lines.
public struct FieldDifference: Sendable, Equatable, CustomStringConvertible {
    /// The dotted path of the field (`response.json.objects[0].id`); empty for the value itself.
    public let path: String
    /// The recorded value; `nil` when the field was not recorded.
    public let recorded: JSON?
    /// The current value; `nil` when the field is absent now.
    public let current: JSON?

    /// Creates a difference; ``between(_:_:path:isEquivalent:)`` finds them.
    public init(path: String, recorded: JSON?, current: JSON?) {
        self.path = path
        self.recorded = recorded
        self.current = current
    }

    /// `path: recorded X, now Y`, `path: recorded X, now absent` or `path: not recorded, now Y`.
    public var description: String { line(currentLabel: "now") }

    /// The line with another word for the current side (`live` in replay reports).
    public func line(currentLabel: String) -> String {
        let name = path.isEmpty ? "(entry)" : path
        switch (recorded, current) {
        case (let old?, let new?): return "\(name): recorded \(old), \(currentLabel) \(new)"
        case (let old?, nil): return "\(name): recorded \(old), \(currentLabel) absent"
        case (nil, let new?): return "\(name): not recorded, \(currentLabel) \(new)"
        case (nil, nil): return "\(name): absent on both sides"
        }
    }

    /// Every difference between `recorded` and `current`, members in the recorded order and then the new ones,
    /// array elements by index when both arrays have the same length (otherwise the arrays as a whole).
    ///
    /// `isEquivalent(path, recorded, current)` is asked first at every field, including fields present on one side
    /// only; returning `true` treats the field (and everything below it) as equal. Replay uses it for ignored paths
    /// and normalised values (RecordingFormat.md).
    public static func between(
        _ recorded: JSON, _ current: JSON, path: String = "",
        isEquivalent: ((String, JSON?, JSON?) -> Bool)? = nil
    ) -> [FieldDifference] {
        var found: [FieldDifference] = []
        collect(recorded, current, path: path, isEquivalent: isEquivalent, into: &found)
        return found
    }

    private static func collect(
        _ recorded: JSON, _ current: JSON, path: String, isEquivalent: ((String, JSON?, JSON?) -> Bool)?,
        into found: inout [FieldDifference]
    ) {
        if let isEquivalent, isEquivalent(path, recorded, current) { return }
        switch (recorded, current) {
        case (.object(let old), .object(let new)):
            var keys = old.keys
            for key in new.keys where !keys.containsBytes(of: key) { keys.append(key) }
            for key in keys {
                let child = path.isEmpty ? key : "\(path).\(key)"
                switch (old[key], new[key]) {
                case (let a?, let b?):
                    collect(a, b, path: child, isEquivalent: isEquivalent, into: &found)
                case (let a, let b) where a != nil || b != nil:
                    if let isEquivalent, isEquivalent(child, a, b) { continue }
                    found.append(FieldDifference(path: child, recorded: a, current: b))
                default:
                    break
                }
            }
        case (.array(let old), .array(let new)) where old.count == new.count:
            for (index, pair) in zip(old, new).enumerated() {
                collect(pair.0, pair.1, path: "\(path)[\(index)]", isEquivalent: isEquivalent, into: &found)
            }
        default:
            if recorded != current { found.append(FieldDifference(path: path, recorded: recorded, current: current)) }
        }
    }
}
