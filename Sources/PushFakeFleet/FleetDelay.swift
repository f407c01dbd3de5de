import Foundation
import PushFakeCore

/// A distribution of delays in seconds, drawn with the device's seeded generator: `{"uniform":[1,20]}`,
/// `{"fixed":5}` or `{"exponential":{"mean":8}}` in a policy file.
public enum FleetDelay: Sendable, Equatable {
    /// Uniform between the two bounds (inclusive of the lower).
    case uniform(Double, Double)
    /// Always the same.
    case fixed(Double)
    /// Exponential with this mean (capped at ``FleetDelay/limit``).
    case exponential(mean: Double)

    /// The longest delay a policy may ask for: one year.
    public static let limit: Double = 365 * 86_400

    /// A delay drawn from a unit sample `u` in [0, 1).
    func draw(_ unit: Double) -> Double {
        switch self {
        case .uniform(let low, let high): return low + (high - low) * unit
        case .fixed(let value): return value
        case .exponential(let mean): return min(Self.limit, -mean * log(max(1 - unit, 1e-300)))
        }
    }

    /// Reads a delay from policy JSON; `path` names it in errors.
    static func parse(_ json: JSON, at path: String) throws(JSONFieldError) -> FleetDelay {
        if let number = json.doubleValue { return .fixed(try seconds(number, at: path)) }
        guard let object = json.objectValue, object.count == 1, let member = object.members.first else {
            throw JSONFieldError(
                path: path,
                problem: #"must be seconds or one of {"uniform":[a,b]}, {"fixed":s}, {"exponential":{"mean":s}}"#)
        }
        let inner = "\(path).\(member.key)"
        switch member.key {
        case "fixed":
            guard let value = member.value.doubleValue else {
                throw JSONFieldError(path: inner, problem: "must be a number")
            }
            return .fixed(try seconds(value, at: inner))
        case "uniform":
            guard let bounds = member.value.arrayValue, bounds.count == 2, let low = bounds[0].doubleValue,
                let high = bounds[1].doubleValue
            else { throw JSONFieldError(path: inner, problem: "must be two numbers [low, high]") }
            let (a, b) = (try seconds(low, at: inner), try seconds(high, at: inner))
            guard a <= b else { throw JSONFieldError(path: inner, problem: "low \(a) is above high \(b)") }
            return .uniform(a, b)
        case "exponential":
            let fields = try FleetPolicyFields(member.value, at: inner, allowed: ["mean"])
            guard let mean = try fields.double("mean") else { throw JSONFieldError(path: inner, problem: "needs mean") }
            return .exponential(mean: mean)
        default:
            throw JSONFieldError(
                path: path, problem: "unknown distribution \(member.key) (uniform, fixed, exponential)")
        }
    }

    /// A number of seconds in 0…``limit``.
    static func seconds(_ value: Double, at path: String) throws(JSONFieldError) -> Double {
        guard value.isFinite, value >= 0, value <= limit else {
            throw JSONFieldError(path: path, problem: "must be seconds in 0…\(Int(limit)) (got \(value))")
        }
        return value
    }

    /// The distribution as policy JSON.
    var json: JSON {
        switch self {
        case .uniform(let low, let high): return ["uniform": [.double(low), .double(high)]]
        case .fixed(let value): return ["fixed": .double(value)]
        case .exponential(let mean): return ["exponential": ["mean": .double(mean)]]
        }
    }
}
