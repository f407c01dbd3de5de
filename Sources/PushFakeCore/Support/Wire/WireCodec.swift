/// How one JSON value is read, written and described: the value of a field (``WireField``), an array's items, a
/// whole description's (``WireDescription``) when it is no object of fields.
///
/// Reading is strict and names the path: `must be an integer from 0 to 10, not 11`, `must not be empty`. The basic
/// codecs (``string``, ``text``, ``int(in:)``, …) are in `WireCodec+Basics.swift`.
public struct WireCodec<Value>: Sendable {
    /// Reads a present, non-`null` value found at `path`.
    public let read: @Sendable (_ json: JSON, _ path: String, _ context: WireContext) throws(JSONFieldError) -> Value
    /// The JSON form of a value.
    public let write: @Sendable (Value) -> JSON
    /// The JSON Schema (2020-12) of the values ``read`` takes; named parts go into `schemas`' components.
    public let schema: @Sendable (_ schemas: inout WireSchemas) -> JSON

    /// A codec from its three parts.
    public init(
        read: @escaping @Sendable (JSON, String, WireContext) throws(JSONFieldError) -> Value,
        write: @escaping @Sendable (Value) -> JSON,
        schema: @escaping @Sendable (inout WireSchemas) -> JSON
    ) {
        self.read = read
        self.write = write
        self.schema = schema
    }

    /// A codec over a reader whose errors name paths inside the value (the Core readers with vendor-owned or
    /// cross-field rules): its errors are moved under the value's path (`fault.status`).
    public static func reader(
        _ read: @escaping @Sendable (_ json: JSON, _ context: WireContext) throws(JSONFieldError) -> Value,
        write: @escaping @Sendable (Value) -> JSON,
        schema: @escaping @Sendable (_ schemas: inout WireSchemas) -> JSON
    ) -> WireCodec {
        WireCodec(
            read: { (json, path, context) throws(JSONFieldError) -> Value in
                do throws(JSONFieldError) {
                    return try read(json, context)
                } catch {
                    throw error.inside(path)
                }
            },
            write: write, schema: schema)
    }

    /// The same JSON form for another Swift type: `to` checks and converts what was read (throwing at the value's
    /// path), `from` converts back for writing.
    public func map<Other>(
        _ to: @escaping @Sendable (Value, String) throws(JSONFieldError) -> Other,
        _ from: @escaping @Sendable (Other) -> Value
    ) -> WireCodec<Other> {
        WireCodec<Other>(
            read: { (json, path, context) throws(JSONFieldError) -> Other in
                try to(try self.read(json, path, context), path)
            },
            write: { write(from($0)) }, schema: schema)
    }

    /// The same codec whose schema says more (a `description`, a `pattern`), merged into the object schema.
    public func documented(_ extra: JSONObject) -> WireCodec<Value> {
        WireCodec(
            read: read, write: write,
            schema: { schemas in
                guard case .object(var object) = schema(&schemas) else { return schema(&schemas) }
                for member in extra.members { object[member.key] = member.value }
                return .object(object)
            })
    }
}
