import PushFakeCore

/// Puts a value at a path of a JSON document, for the boundary-value cases.
enum JSONEditing {
    /// One step of a path.
    enum Step: Equatable, CustomStringConvertible {
        case key(String)
        case index(Int)
        /// Every element of an array (`[]` in a ``VendorField`` path).
        case eachElement
        /// Every member of an object (`*`).
        case eachMember

        var description: String {
            switch self {
            case .key(let key): return key
            case .index(let index): return "[\(index)]"
            case .eachElement: return "[]"
            case .eachMember: return "*"
            }
        }
    }

    /// `badge`, `[].handlingLevel`, `multiple_devices.*.badge` as steps.
    static func steps(_ path: String) -> [Step] {
        path.split(separator: ".").flatMap { part -> [Step] in
            if part == "*" { return [.eachMember] }
            if part == "[]" { return [.eachElement] }
            if part.hasPrefix("[]") { return [.eachElement, .key(String(part.dropFirst(2)))] }
            return [.key(String(part))]
        }
    }

    /// `a.b[2].c` for messages and for the paths the server names in its errors.
    static func text(_ steps: [Step]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .index, .eachElement: text += step.description
            default: text += (text.isEmpty ? "" : ".") + step.description
            }
        }
        return text
    }

    /// `json` with `value` at `steps`: the last key is set (added when absent); every other step must exist, and
    /// wildcards must match at least one element or member. `nil` when the path does not fit `json`.
    static func setting(_ value: JSON, at steps: ArraySlice<Step>, in json: JSON) -> JSON? {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        switch (step, json) {
        case (.key(let key), .object(var object)):
            if rest.isEmpty {
                object[key] = value
                return .object(object)
            }
            guard let child = object[key], let changed = setting(value, at: rest, in: child) else { return nil }
            object[key] = changed
            return .object(object)
        case (.index(let index), .array(var array)) where array.indices.contains(index):
            guard let changed = setting(value, at: rest, in: array[index]) else { return nil }
            array[index] = changed
            return .array(array)
        case (.eachElement, .array(let array)) where !array.isEmpty:
            var changed: [JSON] = []
            for element in array {
                guard let new = setting(value, at: rest, in: element) else { return nil }
                changed.append(new)
            }
            return .array(changed)
        case (.eachMember, .object(let object)) where !object.isEmpty:
            var members: [JSONObject.Member] = []
            for member in object.members {
                guard let new = setting(value, at: rest, in: member.value) else { return nil }
                members.append(.init(key: member.key, value: new))
            }
            return .object(JSONObject(members))
        default:
            return nil
        }
    }
}
