extension TwinPushHandler {
    /// The value as stored for the type, or `nil` when it does not fit. `boolean` also takes `1` / `0`, which iOS
    /// sends for a plain `@1` (§5.8); `integer` takes numbers without a fraction; `float` any number.
    static func coerce(_ value: JSON, to type: TwinPush.PropertyType) -> JSON? {
        switch (type, value) {
        case (.string, .string), (.enumeration, .string), (.boolean, .bool), (.float, .int), (.float, .double):
            return value
        case (.boolean, .int(let number)) where number == 0 || number == 1:
            return .bool(number == 1)
        case (.integer, .int), (.integer, .double):
            return value.intValue.map(JSON.int)
        case (.enumerationList, .array):
            // Not a ternary: `nil` there would read as `JSON.null` (JSON is ExpressibleByNilLiteral).
            guard strings(value) != nil else { return Optional.none }
            return value
        default:
            return nil
        }
    }
}
