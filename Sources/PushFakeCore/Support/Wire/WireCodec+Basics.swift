import Foundation

/// The basic codecs: text, numbers in ranges, flags, times, closed sets of names, constants, raw JSON. Their
/// messages are those of every strict reader in PushFake (FakeBehaviour.md, "Strict inputs").
extension WireCodec where Value == String {
    /// Any string, the empty one included.
    public static var string: WireCodec<String> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> String in try readString(json, path, nonEmpty: false) },
            write: { .string($0) }, schema: { _ in ["type": "string"] })
    }

    /// A non-empty string: what names something (an app, a device, a path).
    public static var text: WireCodec<String> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> String in try readString(json, path, nonEmpty: true) },
            write: { .string($0) }, schema: { _ in ["type": "string", "minLength": 1] })
    }

    /// One of `names`, a closed set kept as strings (TPNS's application types, TwinPush's platforms): `must be IOS,
    /// IOS_SAND or AOS, not "x"`. The schema is a string `enum`.
    static func name(in names: [String]) -> WireCodec<String> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> String in
                let name = try readString(json, path, nonEmpty: false)
                guard names.contains(name) else {
                    throw JSONFieldError(path: path, problem: "must be \(JSONFields.list(names)), not \"\(name)\"")
                }
                return name
            },
            write: { .string($0) }, schema: { _ in ["type": "string", "enum": .array(names.map(JSON.string))] })
    }

    static func readString(_ json: JSON, _ path: String, nonEmpty: Bool) throws(JSONFieldError) -> String {
        guard let text = json.stringValue else {
            throw JSONFieldError(path: path, problem: "must be a string, not \(JSONFields.describe(json))")
        }
        if nonEmpty, text.isEmpty { throw JSONFieldError(path: path, problem: "must not be empty") }
        return text
    }
}

extension WireCodec where Value == Int {
    /// An integral JSON number in `range` (`1.5`, `1e20` and `"3"` are refused).
    public static func int(in range: ClosedRange<Int>) -> WireCodec<Int> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> Int in try JSONFields.int(json, in: range, path: path) },
            write: { .int($0) },
            schema: { _ in ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)] })
    }

    /// Any integral JSON number that fits `Int`; the schema says only `integer`.
    public static var integer: WireCodec<Int> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> Int in
                try JSONFields.int(json, in: Int.min...Int.max, path: path)
            },
            write: { .int($0) }, schema: { _ in ["type": "integer"] })
    }

    /// A count: an integer 0…`Int.max`.
    public static var count: WireCodec<Int> { int(in: 0...Int.max) }
}

extension WireCodec where Value == Double {
    /// A finite JSON number in `range` (strings such as `"5"` are refused).
    public static func double(in range: ClosedRange<Double>) -> WireCodec<Double> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> Double in
                try JSONFields.double(json, in: range, path: path)
            },
            write: { .double($0) },
            schema: { _ in
                ["type": "number", "minimum": .double(range.lowerBound), "maximum": .double(range.upperBound)]
            })
    }

    /// Any finite JSON number; the schema says only `number`.
    public static var number: WireCodec<Double> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> Double in
                try JSONFields.double(
                    json, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, path: path)
            },
            write: { .double($0) }, schema: { _ in ["type": "number"] })
    }
}

extension WireCodec where Value == Bool {
    /// `true` or `false`.
    public static var bool: WireCodec<Bool> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> Bool in
                guard let flag = json.boolValue else {
                    throw JSONFieldError(path: path, problem: "must be true or false, not \(JSONFields.describe(json))")
                }
                return flag
            },
            write: { .bool($0) }, schema: { _ in ["type": "boolean"] })
    }
}

extension WireCodec where Value == Date {
    /// A time as PushFake writes it (`2026-01-01T00:00:00.000Z`), read in every form `TimeFormat.parse(_:)` takes
    /// within ``FakeClock/validRange``. The schema is the strict input pattern (component `Timestamp`).
    public static var date: WireCodec<Date> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> Date in try JSONFields.date(json, path: path) },
            write: { .string(TimeFormat.iso8601($0)) },
            schema: { schemas in schemas.component("Timestamp") { _ in TimeFormat.inputSchema } })
    }

    /// The same time, for what the server writes: the schema says `date-time`, which every written time is (the
    /// input pattern leaves out the edges of the clock's range, which an answer may reach).
    public static var timestamp: WireCodec<Date> {
        WireCodec(
            read: date.read, write: date.write, schema: { _ in ["type": "string", "format": "date-time"] })
    }
}

extension WireCodec where Value == JSON {
    /// Any JSON value, as it is.
    public static var json: WireCodec<JSON> {
        WireCodec(read: { json, _, _ in json }, write: { $0 }, schema: { _ in [:] })
    }

    /// Exactly `value` (`{"v": 1}`, `{"status": "ok"}`).
    public static func constant(_ value: JSON) -> WireCodec<JSON> {
        WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> JSON in
                guard json == value else {
                    throw JSONFieldError(
                        path: path, problem: "must be \(value.serializedString()), not \(JSONFields.describe(json))")
                }
                return json
            },
            write: { $0 }, schema: { _ in ["const": value] })
    }
}

extension WireCodec where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the enumeration's raw values: `must be proxy or learn, not "x"`.
    public static var choice: WireCodec<Value> {
        let names = Value.allCases.map(\.rawValue)
        return WireCodec(
            read: { (json, path, _) throws(JSONFieldError) -> Value in
                let name = try WireCodec<String>.readString(json, path, nonEmpty: false)
                guard let value = Value(rawValue: name) else {
                    throw JSONFieldError(path: path, problem: "must be \(JSONFields.list(names)), not \"\(name)\"")
                }
                return value
            },
            write: { .string($0.rawValue) }, schema: { _ in ["enum": .array(names.map(JSON.string))] })
    }
}

extension WireCodec {
    /// A JSON array of `item`s, at least `minItems` of them; items' errors name their index (`headers[2]`).
    public static func array<Item>(_ item: WireCodec<Item>, minItems: Int = 0) -> WireCodec<[Item]>
    where Value == [Item] {
        WireCodec<[Item]>(
            read: { (json, path, context) throws(JSONFieldError) -> [Item] in
                guard let items = json.arrayValue else {
                    throw JSONFieldError(path: path, problem: "must be an array, not \(JSONFields.describe(json))")
                }
                if items.count < minItems {
                    throw JSONFieldError(
                        path: path, problem: "must have at least \(minItems) item\(minItems == 1 ? "" : "s")")
                }
                var result: [Item] = []
                result.reserveCapacity(items.count)
                for (index, element) in items.enumerated() {
                    result.append(try item.read(element, path + "[\(index)]", context))
                }
                return result
            },
            write: { .array($0.map(item.write)) },
            schema: { schemas in
                var schema: JSONObject = ["type": "array", "items": item.schema(&schemas)]
                if minItems > 0 { schema["minItems"] = .int(minItems) }
                return .object(schema)
            })
    }

    /// A value of a ``WireType``: its own description reads, writes and describes it (a named one as a `$ref`).
    public static func wire(_ type: Value.Type = Value.self) -> WireCodec<Value> where Value: WireType {
        Value.wire.codec
    }
}
