import Foundation

/// Reads one JSON object strictly: only the allowed keys, each key once, every value of the expected type and
/// range. Errors are ``JSONFieldError``s whose path starts at the object's own ``path``.
///
/// `null` reads as absent for optional values, and as missing for required ones.
struct JSONFields {
    let object: JSONObject
    /// Where the object sits in the input (`match`, `vendors.tpns.devices[0]`); empty for the input itself.
    let path: String

    /// `value` as an object with only `allowed` keys (each at most once).
    init(_ value: JSON, path: String, allowed: [String]) throws(JSONFieldError) {
        guard let object = value.objectValue else {
            throw JSONFieldError(path: path, problem: "must be an object, not \(Self.describe(value))")
        }
        // By bytes, as every key (FakeBehaviour.md, Identity).
        var seen = Set<WireKey>()
        for key in object.keys {
            guard allowed.containsBytes(of: key) else {
                throw JSONFieldError(
                    path: Self.join(path, key),
                    problem: "is not a known field; use \(allowed.isEmpty ? "none" : Self.list(allowed))")
            }
            guard seen.insert(key).inserted else {
                throw JSONFieldError(path: Self.join(path, key), problem: "is given twice")
            }
        }
        self.object = object
        self.path = path
    }

    func childPath(_ key: String) -> String { Self.join(path, key) }

    func failure(_ key: String, _ problem: String) -> JSONFieldError {
        JSONFieldError(path: childPath(key), problem: problem)
    }

    /// The value, or `nil` when the key is absent or `null`.
    func value(_ key: String) -> JSON? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    func required(_ key: String) throws(JSONFieldError) -> JSON {
        guard let value = value(key) else { throw failure(key, "is required") }
        return value
    }

    func string(_ key: String, nonEmpty: Bool = true) throws(JSONFieldError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.stringValue else {
            throw failure(key, "must be a string, not \(Self.describe(value))")
        }
        if nonEmpty, text.isEmpty { throw failure(key, "must not be empty") }
        return text
    }

    func requiredString(_ key: String, nonEmpty: Bool = true) throws(JSONFieldError) -> String {
        guard let text = try string(key, nonEmpty: nonEmpty) else { throw failure(key, "is required") }
        return text
    }

    func bool(_ key: String) throws(JSONFieldError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.boolValue else {
            throw failure(key, "must be true or false, not \(Self.describe(value))")
        }
        return flag
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(JSONFieldError) -> Int? {
        guard let value = value(key) else { return nil }
        return try Self.int(value, in: range, path: childPath(key))
    }

    func double(_ key: String, in range: ClosedRange<Double>) throws(JSONFieldError) -> Double? {
        guard let value = value(key) else { return nil }
        return try Self.double(value, in: range, path: childPath(key))
    }

    func array(_ key: String) throws(JSONFieldError) -> [JSON]? {
        guard let value = value(key) else { return nil }
        guard let items = value.arrayValue else { throw failure(key, "must be an array, not \(Self.describe(value))") }
        return items
    }

    func strings(_ key: String) throws(JSONFieldError) -> [String]? {
        guard let items = try array(key) else { return nil }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else {
                throw failure(key + "[\(index)]", "must be a string, not \(Self.describe(item))")
            }
            result.append(text)
        }
        return result
    }

    /// A timestamp (`2026-01-01T00:00:00.000Z` and the other forms of ``TimeFormat/parse(_:)``) within
    /// ``FakeClock/validRange``.
    func date(_ key: String) throws(JSONFieldError) -> Date? {
        guard let value = value(key) else { return nil }
        return try Self.date(value, path: childPath(key))
    }

    // MARK: Values

    /// An integral JSON number in `range`; `1.5`, `1e20` and `"3"` are refused.
    static func int(_ value: JSON, in range: ClosedRange<Int>, path: String) throws(JSONFieldError) -> Int {
        let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
        switch value {
        case .int(let number) where range.contains(number): return number
        case .double(let number) where number.rounded() == number:
            if let exact = Int(exactly: number), range.contains(exact) { return exact }
            throw JSONFieldError(path: path, problem: "must be \(expected), not \(describe(value))")
        default:
            throw JSONFieldError(path: path, problem: "must be \(expected), not \(describe(value))")
        }
    }

    /// A JSON number in `range`; strings such as `"5"` are refused.
    static func double(_ value: JSON, in range: ClosedRange<Double>, path: String) throws(JSONFieldError) -> Double {
        guard let number = value.doubleValue, number.isFinite, range.contains(number) else {
            throw JSONFieldError(
                path: path,
                problem: "must be a number from \(number(range.lowerBound)) to \(number(range.upperBound)), "
                    + "not \(describe(value))")
        }
        return number
    }

    static func date(_ value: JSON, path: String) throws(JSONFieldError) -> Date {
        guard let text = value.stringValue else {
            throw JSONFieldError(path: path, problem: "must be a timestamp string, not \(describe(value))")
        }
        guard let date = TimeFormat.parse(text) else {
            throw JSONFieldError(
                path: path,
                problem: "must be a real date and time like 2026-01-01T00:00:00.000Z, not \(describe(value))")
        }
        guard FakeClock.validRange.contains(date) else {
            throw JSONFieldError(path: path, problem: "must be within \(FakeClock.validRangeText), not \(text)")
        }
        return date
    }

    // MARK: Text

    /// A value for a message: compact JSON, strings quoted, cut after 60 characters.
    static func describe(_ value: JSON) -> String {
        let text: String
        switch value {
        case .array: text = "an array"
        case .object: text = "an object"
        default: text = value.serializedString()
        }
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    /// `a, b or c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "none" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    static func join(_ path: String, _ key: String) -> String {
        if path.isEmpty { return key }
        return key.hasPrefix("[") ? path + key : path + "." + key
    }

    /// `86400` rather than `86400.0` in messages.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
