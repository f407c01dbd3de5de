import PushFakeCore
import PushFakeHTTP

/// The admin half of the boundary-value matrix: every numeric query parameter and header of every admin route
/// (``AdminOperations``), and every numeric field its body schema (``AdminSchemas``) describes, found by walking the
/// schema — through `$ref`, `oneOf`/`anyOf`, properties and items — and sent inside the smallest body the schema
/// accepts around it (its required siblings filled in), so that the value reaches the reader rather than a
/// complaint about a missing field.
public enum AdminBoundaryCases {
    /// Every case, for a server whose engines serve `vendors`.
    public static func cases(vendors: VendorRegistry = .standard) -> [BoundaryCase] {
        let walker = SchemaWalker(components: AdminSchemas.components(vendors: vendors))
        var cases: [BoundaryCase] = []
        for route in AdminOperations.all.map(\.route) where !route.path.contains("{") {
            let path = AdminOperations.prefix + (route.path == "/" ? "/" : route.path)
            let display = route.display
            for parameter in route.query where walker.isNumeric(parameter.schema) {
                for value in BoundaryValues.strings {
                    cases.append(
                        BoundaryCase(
                            answerer: .admin, route: display, field: "query \(parameter.name)", value: value,
                            method: route.method,
                            path: path + "?\(parameter.name)=" + VendorBoundaryCases.percentEncoded(value),
                            headers: [], body: []))
                }
            }
            for header in route.headers where walker.isNumericString(header.schema) {
                for value in BoundaryValues.strings where !value.isEmpty {
                    cases.append(
                        BoundaryCase(
                            answerer: .admin, route: display, field: "header \(header.name)", value: value,
                            method: route.method, path: path, headers: [(header.name, value)], body: []))
                }
            }
            guard let schema = route.body?.content.first(where: { $0.type == "application/json" })?.schema else {
                continue
            }
            for leaf in walker.numericLeaves(schema) {
                guard let body = walker.instance(schema, along: leaf.steps[...]) else { continue }
                let withDefaults = defaults[route.id].map { merge($0, into: body) } ?? body
                for value in leaf.values {
                    cases.append(
                        BoundaryCase(
                            answerer: .admin, route: display, field: "body " + JSONEditing.text(leaf.steps),
                            value: value, method: route.method, path: path,
                            headers: [("Content-Type", "application/json")],
                            body: BoundaryCase.bodyBytes(withDefaults, replacing: BoundaryCase.placeholder, with: value)
                        ))
                }
            }
        }
        return cases
    }

    /// Members added to a route's bodies where absent: a wait that matched nothing must answer at once.
    private static let defaults: [String: JSONObject] = ["wait": ["timeout": 0]]

    private static func merge(_ extra: JSONObject, into body: JSON) -> JSON {
        guard case .object(var object) = body else { return body }
        for member in extra.members where !object.contains(member.key) { object[member.key] = member.value }
        return .object(object)
    }
}

/// Walks the admin API's JSON Schemas (the subset ``AdminSchemas`` writes).
struct SchemaWalker {
    let components: JSONObject

    /// A numeric field: where it is, and the JSON texts to send it.
    struct Leaf {
        var steps: [JSONEditing.Step]
        var values: [String]
    }

    /// Values for the strings a schema restricts by pattern, when a required member needs one.
    private static let samples: [String: JSON] = [
        "Timestamp": "2026-01-01T00:00:00Z", "VendorName": "tpns", "Operation": "register",
    ]

    func resolve(_ schema: JSON) -> JSON {
        guard let reference = schema["$ref"]?.stringValue, let name = reference.split(separator: "/").last,
            let resolved = components[String(name)]
        else { return schema }
        return resolved
    }

    private func types(_ schema: JSON) -> [String] {
        if let one = schema["type"]?.stringValue { return [one] }
        return schema["type"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    private func branches(_ schema: JSON) -> [JSON] {
        (schema["oneOf"]?.arrayValue ?? []) + (schema["anyOf"]?.arrayValue ?? [])
    }

    /// `integer` or `number`, or a `const` / `enum` of numbers, possibly among other branches.
    func isNumeric(_ schema: JSON) -> Bool {
        let schema = resolve(schema)
        if types(schema).contains(where: { $0 == "integer" || $0 == "number" }) { return true }
        if let constant = schema["const"], constant.doubleValue != nil { return true }
        if schema["enum"]?.arrayValue?.contains(where: { $0.doubleValue != nil }) == true { return true }
        return branches(schema).contains(where: isNumeric)
    }

    /// A string of digits (`"pattern": "^[0-9]…"`, or `"^([0-9]…:)?[0-9]…"` as event positions are), possibly among
    /// other branches.
    func isNumericString(_ schema: JSON) -> Bool {
        let schema = resolve(schema)
        let pattern = schema["pattern"]?.stringValue ?? ""
        if types(schema).contains("string"), pattern.hasPrefix("^[0-9]") || pattern.hasPrefix("^([0-9]") { return true }
        return branches(schema).contains(where: isNumericString)
    }

    /// Every numeric field under `schema`, each once, with the values its forms take.
    func numericLeaves(_ schema: JSON, at steps: [JSONEditing.Step] = [], depth: Int = 0) -> [Leaf] {
        guard depth < 12 else { return [] }
        let schema = resolve(schema)
        var leaves: [Leaf] = []
        let numeric = isNumeric(schema)
        let text = isNumericString(schema)
        if !steps.isEmpty, numeric || text {
            leaves.append(
                Leaf(
                    steps: steps,
                    values: (numeric ? BoundaryValues.numbers : [])
                        + (text ? BoundaryValues.strings.map(BoundaryValues.quoted) : [])))
        }
        for branch in branches(schema) {
            leaves += numericLeaves(branch, at: steps, depth: depth + 1).filter { leaf in
                leaf.steps != steps && !leaves.contains { $0.steps == leaf.steps }
            }
        }
        for member in schema["properties"]?.objectValue?.members ?? [] {
            for leaf in numericLeaves(member.value, at: steps + [.key(member.key)], depth: depth + 1)
            where !leaves.contains(where: { $0.steps == leaf.steps }) {
                leaves.append(leaf)
            }
        }
        if let items = schema["items"] {
            leaves += numericLeaves(items, at: steps + [.eachElement], depth: depth + 1)
        }
        return leaves
    }

    /// The smallest value `schema` accepts with the placeholder at `steps`: the branch that has the path, the
    /// required members filled in. `nil` when the path is not in the schema.
    func instance(_ schema: JSON, along steps: ArraySlice<JSONEditing.Step>, depth: Int = 0) -> JSON? {
        guard depth < 12 else { return nil }
        guard let step = steps.first else { return .string(BoundaryCase.placeholder) }
        let schema = resolve(schema)
        for branch in branches(schema) {
            if let found = instance(branch, along: steps, depth: depth + 1) { return found }
        }
        switch step {
        case .key(let key):
            guard let properties = schema["properties"]?.objectValue, let child = properties[key],
                let value = instance(child, along: steps.dropFirst(), depth: depth + 1)
            else { return nil }
            var object = JSONObject()
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where name != key {
                object[name] = properties[name].map { minimal($0, depth: depth + 1) } ?? .null
            }
            object[key] = value
            return .object(object)
        case .eachElement:
            guard let items = schema["items"], let value = instance(items, along: steps.dropFirst(), depth: depth + 1)
            else { return nil }
            return [value]
        default:
            return nil
        }
    }

    /// The smallest value `schema` accepts, as far as this walker can tell.
    func minimal(_ schema: JSON, depth: Int = 0) -> JSON {
        if let reference = schema["$ref"]?.stringValue, let name = reference.split(separator: "/").last,
            let sample = Self.samples[String(name)]
        {
            return sample
        }
        let schema = resolve(schema)
        guard depth < 12 else { return .null }
        if let constant = schema["const"] { return constant }
        if let first = schema["enum"]?.arrayValue?.first(where: { !$0.isNull }) { return first }
        if let branch = branches(schema).first(where: { types(resolve($0)) != ["null"] }) {
            return minimal(branch, depth: depth + 1)
        }
        switch types(schema).first(where: { $0 != "null" }) {
        case "object"?:
            let properties = schema["properties"]?.objectValue ?? JSONObject()
            var object = JSONObject()
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                object[name] = properties[name].map { minimal($0, depth: depth + 1) } ?? .null
            }
            return .object(object)
        case "array"?:
            let count = schema["minItems"]?.intValue ?? 0
            return .array(Array(repeating: minimal(schema["items"] ?? [:], depth: depth + 1), count: count))
        case "integer"?, "number"?: return schema["minimum"] ?? 0
        case "string"?: return "x"
        case "boolean"?: return false
        default: return [:]
        }
    }
}
