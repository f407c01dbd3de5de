import PushFakeCore

/// Whether a JSON value has exactly the members a JSON Schema describes, object by object: each object's members are
/// its schema's `properties` (all of them when `required` lists them all, none other when `additionalProperties` is
/// false), arrays' items are checked against `items`, and `oneOf` or `anyOf` takes the first alternative that fits. Only the
/// shape is checked (objects, arrays, `null`, a declared `type`), not every keyword: enough to show a served document
/// and its description agree member for member.
package enum SchemaMembers {
    /// The differences, one per line with its path (`send.fields[0].kind`); empty when the value fits.
    package static func mismatches(_ value: JSON, _ schema: JSON, at path: String = "") -> [String] {
        if let alternatives = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue {
            let tries = alternatives.map { mismatches(value, $0, at: path) }
            return tries.first(where: \.isEmpty) ?? tries.last ?? []
        }
        let types = schema["type"].map { $0.arrayValue ?? [$0] }?.compactMap(\.stringValue) ?? []
        if !types.isEmpty && !types.contains(typeName(of: value))
            && !(types.contains("number") && value.intValue != nil)
        {
            return ["\(path): \(typeName(of: value)), not \(types.joined(separator: " or "))"]
        }
        switch value {
        case .object(let object):
            guard let properties = schema["properties"]?.objectValue else {
                let extra = schema["additionalProperties"]
                guard let extra, extra != .bool(false) else { return [] }
                return object.members.flatMap { mismatches($0.value, extra, at: path + "." + $0.key) }
            }
            var found: [String] = []
            let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            for name in required where object[name] == nil { found.append("\(path).\(name): missing") }
            for member in object.members {
                guard let described = properties[member.key] else {
                    if schema["additionalProperties"] == .bool(false) {
                        found.append("\(path).\(member.key): not described")
                    }
                    continue
                }
                found += mismatches(member.value, described, at: path + "." + member.key)
            }
            return found
        case .array(let items):
            guard let item = schema["items"] else { return [] }
            return items.enumerated().flatMap { mismatches($0.element, item, at: "\(path)[\($0.offset)]") }
        default:
            return []
        }
    }

    private static func typeName(of value: JSON) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
