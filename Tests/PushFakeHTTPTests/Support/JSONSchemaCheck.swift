import Foundation
import PushFakeCore

/// A small JSON Schema (2020-12) checker for the keywords PushFake's schemas use: `$ref` into `components`, `type`,
/// `const`, `enum`, `properties`, `required`, `additionalProperties`, `items`, `minItems`, `maxItems`, `minimum`,
/// `maximum`, `minLength`, `pattern`, `anyOf`, `oneOf`, `allOf`, `if`/`then`/`else`; `description` and `format` are notes. An unknown
/// keyword is a problem, so a schema that says more than this checks is not passed silently.
struct JSONSchemaCheck {
    let components: JSONObject

    /// Every way `value` fails `schema`, each naming its path (empty: it conforms).
    func problems(_ value: JSON, _ schema: JSON, path: String = "$") -> [String] {
        guard let object = schema.objectValue else { return ["\(path): schema is not an object"] }
        var found: [String] = []
        for member in object.members {
            found += problems(value, member.key, member.value, in: object, path: path)
        }
        return found
    }

    private func problems(_ value: JSON, _ key: String, _ rule: JSON, in schema: JSONObject, path: String)
        -> [String]
    {
        switch key {
        case "description", "format": return []
        case "$ref":
            let name = rule.stringValue?.split(separator: "/").last.map(String.init) ?? ""
            guard let target = components[name] else { return ["\(path): no component \(name)"] }
            return problems(value, target, path: path)
        case "type":
            let names = rule.arrayValue?.compactMap(\.stringValue) ?? [rule.stringValue ?? ""]
            return names.contains(where: { Self.isOfType(value, $0) }) ? [] : ["\(path): not \(names)"]
        case "const": return value == rule ? [] : ["\(path): not \(rule.serializedString())"]
        case "enum":
            return rule.arrayValue?.contains(value) == true ? [] : ["\(path): not in \(rule.serializedString())"]
        case "properties":
            guard let members = value.objectValue, let properties = rule.objectValue else { return [] }
            return members.members.flatMap { member in
                properties[member.key].map { problems(member.value, $0, path: path + "." + member.key) } ?? []
            }
        case "required":
            guard let members = value.objectValue else { return [] }
            return (rule.arrayValue ?? []).compactMap(\.stringValue).filter { !members.contains($0) }
                .map { "\(path).\($0): required" }
        case "additionalProperties":
            guard let members = value.objectValue else { return [] }
            let declared = schema["properties"]?.objectValue
            return members.members.filter { declared?.contains($0.key) != true }.flatMap { member in
                rule == .bool(false)
                    ? ["\(path).\(member.key): not allowed"]
                    : problems(member.value, rule, path: path + "." + member.key)
            }
        case "items":
            return value.arrayValue.map { $0.enumerated().flatMap { problems($1, rule, path: path + "[\($0)]") } } ?? []
        case "minItems", "maxItems", "minLength":
            guard let bound = rule.intValue else { return ["\(path): bad \(key)"] }
            let size = value.arrayValue?.count ?? value.stringValue?.count
            guard let size else { return [] }
            return (key.hasPrefix("min") ? size >= bound : size <= bound) ? [] : ["\(path): \(key) \(bound)"]
        case "minimum", "maximum":
            guard let number = Self.number(value), let bound = Self.number(rule) else { return [] }
            return (key == "minimum" ? number >= bound : number <= bound) ? [] : ["\(path): \(key) \(bound)"]
        case "pattern":
            guard let text = value.stringValue, let regex = try? NSRegularExpression(pattern: rule.stringValue ?? "")
            else { return [] }
            let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            return found ? [] : ["\(path): does not match \(rule.stringValue ?? "")"]
        case "if":
            let branch = problems(value, rule, path: path).isEmpty ? schema["then"] : schema["else"]
            return branch.map { problems(value, $0, path: path) } ?? []
        case "then", "else": return []  // applied by `if`
        case "anyOf", "oneOf", "allOf":
            let branches = (rule.arrayValue ?? []).map { problems(value, $0, path: path) }
            let passing = branches.filter(\.isEmpty).count
            switch key {
            case "allOf": return branches.flatMap { $0 }
            case "oneOf": return passing == 1 ? [] : ["\(path): \(passing) of oneOf match"]
            default: return passing > 0 ? [] : ["\(path): no anyOf matches: \(branches.flatMap { $0 })"]
            }
        default: return ["\(path): unchecked keyword \(key)"]
        }
    }

    private static func isOfType(_ value: JSON, _ name: String) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double),
            ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .double(let number)): return number.rounded() == number
        default: return false
        }
    }

    private static func number(_ value: JSON) -> Double? {
        if case .int(let number) = value { return Double(number) }
        if case .double(let number) = value { return number }
        return nil
    }
}
