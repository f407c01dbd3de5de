/// One member of an object whose names are data (vendor names, kinds of record), not fields.
public struct WireKeyed<Item: Sendable>: Sendable {
    /// The member's name.
    public var key: String
    /// Its value.
    public var value: Item

    /// A member.
    public init(_ key: String, _ value: Item) {
        self.key = key
        self.value = value
    }
}

extension WireKeyed: Equatable where Item: Equatable {}

extension WireCodec {
    /// An object whose member names are data (`{"tpns": […], "twinPush": […]}`), each value an `item`, kept in
    /// order; the schema says `additionalProperties: <item>`. Errors name the member (`vendors.tpns`).
    public static func keyed<Item>(_ item: WireCodec<Item>) -> WireCodec<[WireKeyed<Item>]>
    where Value == [WireKeyed<Item>] {
        WireCodec<[WireKeyed<Item>]>(
            read: { (json, path, context) throws(JSONFieldError) -> [WireKeyed<Item>] in
                guard let object = json.objectValue else {
                    throw JSONFieldError(path: path, problem: "must be an object, not \(JSONFields.describe(json))")
                }
                var result: [WireKeyed<Item>] = []
                result.reserveCapacity(object.count)
                for member in object.members {
                    let childPath = JSONFields.join(path, member.key)
                    guard !result.contains(where: { $0.key.hasSameBytes(as: member.key) }) else {
                        throw JSONFieldError(path: childPath, problem: "is given twice")
                    }
                    result.append(WireKeyed(member.key, try item.read(member.value, childPath, context)))
                }
                return result
            },
            write: { .object(JSONObject($0.map { JSONObject.Member(key: $0.key, value: item.write($0.value)) })) },
            schema: { schemas in ["type": "object", "additionalProperties": item.schema(&schemas)] })
    }
}
