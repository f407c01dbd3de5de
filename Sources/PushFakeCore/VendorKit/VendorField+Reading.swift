/// Reading a declared field: the one way the standard vendors' handlers take numbers from a request. Each read is
/// noted for ``VendorFieldTrace`` before the value is looked up, present or not, so a test sees every field a
/// handler asks for.
extension VendorField {
    /// What a reader found.
    package enum Reading<Value> {
        /// Not in the request (or `null`).
        case absent
        /// There, but not in a form or range the reader takes.
        case invalid(JSON)
        /// The value.
        case value(Value)

        /// The value, or `nil` when absent or invalid.
        package var value: Value? {
            if case .value(let value) = self { return value }
            return nil
        }
    }

    /// The member that holds the field in `object` (the object at the end of its path), as sent; `nil` when absent.
    package func value(in object: JSONObject?) -> JSON? {
        VendorFieldTrace.note(self)
        return object?[key]
    }

    /// The last value of the query parameter, as sent.
    package func value(in query: [(name: String, value: String)]) -> String? {
        VendorFieldTrace.note(self)
        return query.last { $0.name == key }?.value
    }

    /// A JSON integer, or a JSON number without a fraction that fits in `Int`, within `range`; strings are
    /// invalid (`"2"` is not `2`).
    package func integer(in object: JSONObject?, within range: ClosedRange<Int>) -> Reading<Int> {
        guard let value = value(in: object), !value.isNull else { return .absent }
        switch value {
        case .int(let number) where range.contains(number): return .value(number)
        case .double(let number) where number.rounded() == number:
            if let exact = Int(exactly: number), range.contains(exact) { return .value(exact) }
            return .invalid(value)
        default: return .invalid(value)
        }
    }

    /// A finite JSON number within `range`; strings are invalid.
    package func number(in object: JSONObject?, within range: ClosedRange<Double>) -> Reading<Double> {
        guard let value = value(in: object), !value.isNull else { return .absent }
        switch value {
        case .int(let number) where range.contains(Double(number)): return .value(Double(number))
        case .double(let number) where number.isFinite && range.contains(number): return .value(number)
        default: return .invalid(value)
        }
    }

    /// `value` as an integer when it is a JSON integer or a string of one (`"33"`, `"+1"`, `"-2"`) within `range`;
    /// `nil` for anything else (`33.0`, `"3e1"`, `true`).
    package static func integer(fromIntegerOrString value: JSON, within range: ClosedRange<Int>) -> Int? {
        switch value {
        case .int(let number): return range.contains(number) ? number : nil
        case .string(let text): return Int(text).flatMap { range.contains($0) ? $0 : nil }
        default: return nil
        }
    }

    /// An id that may come as a string or as a JSON integer (`"1000000000000001"` or `1000000000000001`): its
    /// text. A number with a fraction, or beyond `Int`, is invalid rather than rounded.
    package func text(in object: JSONObject?) -> Reading<String> {
        guard let value = value(in: object), !value.isNull else { return .absent }
        switch value {
        case .string(let text): return .value(text)
        case .int(let number): return .value(String(number))
        case .double(let number) where number.rounded() == number:
            if let exact = Int(exactly: number) { return .value(String(exact)) }
            return .invalid(value)
        default: return .invalid(value)
        }
    }
}
