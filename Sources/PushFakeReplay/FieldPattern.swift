import PushFakeCore

/// A dotted path with wildcards, as `--ignore` takes it: `json.objects[*].created_at`, `headers.date`, `status`.
///
/// A pattern matches a field when it names the field or one of its parents. `[*]` matches any index and `*` any
/// key; a leading `response.` is dropped, so the paths recording comparisons ignore work here too.
struct FieldPattern: Sendable, Equatable {
    enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
        case anyKey
        case anyIndex
    }

    let steps: [Step]

    init(_ text: String) {
        var path = Substring(text)
        if path.hasPrefix("response.") { path = path.dropFirst("response.".count) }
        steps = Self.steps(path)
    }

    func matches(_ path: String) -> Bool {
        let field = Self.steps(Substring(path))
        guard !steps.isEmpty, steps.count <= field.count else { return false }
        return zip(steps, field).allSatisfy { pattern, step in
            switch (pattern, step) {
            case (.anyKey, .key), (.anyIndex, .index): return true
            default: return pattern == step
            }
        }
    }

    private static func steps(_ path: Substring) -> [Step] {
        var steps: [Step] = []
        JSONPath.pieces(of: path) { piece in
            switch piece {
            case .key(let key): steps.append(key == "*" ? .anyKey : .key(key))
            case .bracketed(let text): steps.append(text == "*" ? .anyIndex : Int(text).map(Step.index) ?? .key(text))
            }
        }
        return steps
    }
}
