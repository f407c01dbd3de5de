/// The JSON form of a ``FaultScope``: the `scope` of a fault rule (FakeBehaviour.md, Faults).
///
/// `"once"` (also `null` or absent), `"always"`, or an object of `times` (an integer 1…1,000,000), `after` (an
/// integer 0…1,000,000,000) and `probability` (a number 0…1). Without `times` an object applies without limit
/// once `after` or `probability` is given.
extension FaultScope {
    /// Reads the JSON form; `nil` and `null` are ``once``.
    /// - Throws: ``JSONFieldError`` whose path is relative to the scope (`times`, `probability`).
    public init(json: JSON?) throws(JSONFieldError) {
        switch json {
        case nil, .null?, .string("once")?:
            self = .once
        case .string("always")?:
            self = .always
        case .object?:
            guard let json else { throw JSONFieldError(description: "is required") }
            let fields = try JSONFields(json, path: "", allowed: ["times", "after", "probability"])
            let times = try fields.int("times", in: Self.limitRange)
            let after = try fields.int("after", in: Self.skipRange)
            let probability = try fields.double("probability", in: 0...1)
            guard times != nil || after != nil || probability != nil else {
                throw JSONFieldError(description: #"needs times, after or probability (or use "once" or "always")"#)
            }
            self.init(skip: after ?? 0, limit: times, probability: probability ?? 1)
        case let other?:
            throw JSONFieldError(
                description: #"must be "once", "always" or an object of times, after and probability, not "#
                    + JSONFields.describe(other))
        }
    }

    /// `"once"`, `"always"`, or `{"after": k, "times": n, "probability": p}` with the members that differ from the
    /// defaults; ``init(json:)`` reads it back into an equal scope.
    public var jsonValue: JSON {
        if skip == 0, probability == 1, limit == 1 { return "once" }
        if skip == 0, probability == 1, limit == nil { return "always" }
        var object = JSONObject()
        if skip > 0 { object["after"] = .int(skip) }
        if let limit { object["times"] = .int(limit) }
        if probability < 1 { object["probability"] = .double(probability) }
        return .object(object)
    }
}
