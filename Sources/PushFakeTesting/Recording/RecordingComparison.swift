import PushFakeCore

/// Canonical journal lines and readable differences between two sets of them.
enum RecordingComparison {
    /// The entry as compared: its JSON Lines object minus ignored fields and client-added headers.
    ///
    /// The kept headers are sorted by name (stably, so repeats of one name keep their order): the order of
    /// different headers means nothing in HTTP, and URLSession on Linux sends them in the order of a `Dictionary`,
    /// which changes from one process to the next, while the URLProtocol host sees them sorted.
    static func canonical(_ entry: JournalEntry, options: RecordingOptions) -> JSON {
        var value = entry.jsonValue
        let kept = Set(options.comparedRequestHeaders.map { $0.lowercased() })
        if case .object(var object) = value, case .object(var request)? = object["request"] {
            let headers = request["headers"]?.arrayValue ?? []
            let compared = headers.compactMap { pair -> (name: String, value: JSON)? in
                guard let name = pair[0]?.stringValue?.lowercased(), kept.contains(name) else { return nil }
                return (name, pair[1] ?? .null)
            }
            let sorted = compared.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
            request["headers"] = .array(sorted.map { [.string($0.element.name), $0.element.value] })
            object["request"] = .object(request)
            value = .object(object)
        }
        for path in options.ignoredFields.sorted() { value = removing(path, from: value) }
        return value
    }

    static func removing(_ path: String, from value: JSON) -> JSON {
        removing(JSONPath.components(path)[...], from: value)
    }

    private static func removing(_ path: ArraySlice<JSONPath.Component>, from value: JSON) -> JSON {
        guard let first = path.first else { return value }
        switch (first, value) {
        case (.key(let key), .object(var object)):
            if path.count == 1 {
                object[key] = nil
            } else if let child = object[key] {
                object[key] = removing(path.dropFirst(), from: child)
            }
            return .object(object)
        case (.index(let index), .array(var array)) where array.indices.contains(index):
            if path.count == 1 {
                array.remove(at: index)
            } else {
                array[index] = removing(path.dropFirst(), from: array[index])
            }
            return .array(array)
        default:
            return value
        }
    }

    /// A readable account of how `actual` differs from `expected`, or `nil` when they are equal.
    static func difference(expected: [JSON], actual: [JSON], limit: Int = 3) -> String? {
        guard expected != actual else { return nil }
        var lines: [String] = []
        if expected.count != actual.count {
            lines.append("the recording has \(expected.count) entries, the current traffic \(actual.count)")
        }
        var shown = 0
        for index in 0..<max(expected.count, actual.count) where shown < limit {
            let old: JSON? = index < expected.count ? expected[index] : nil
            let new: JSON? = index < actual.count ? actual[index] : nil
            guard old != new else { continue }
            shown += 1
            lines.append("entry \(index + 1) (\(summary(new ?? old ?? .null))):")
            switch (old, new) {
            case (let old?, let new?):
                lines += fieldDifferences(old, new, path: "").prefix(12).map { "  " + $0 }
            case (nil, _?):
                lines.append("  only in the current traffic")
            case (_?, nil):
                lines.append("  only in the recording")
            default:
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func summary(_ line: JSON) -> String {
        let method = line["request"]?["method"]?.stringValue ?? "?"
        let path = line["request"]?["path"]?.stringValue ?? "?"
        return "\(method) \(path)"
    }

    /// `path: recorded X, now Y` for every leaf that differs.
    static func fieldDifferences(_ expected: JSON, _ actual: JSON, path: String) -> [String] {
        switch (expected, actual) {
        case (.object(let old), .object(let new)):
            var keys = old.keys
            for key in new.keys where !keys.contains(key) { keys.append(key) }
            return keys.flatMap { key -> [String] in
                let child = path.isEmpty ? key : "\(path).\(key)"
                switch (old[key], new[key]) {
                case (let a?, let b?): return fieldDifferences(a, b, path: child)
                case (let a?, nil): return ["\(child): recorded \(a), now absent"]
                case (nil, let b?): return ["\(child): not recorded, now \(b)"]
                default: return []
                }
            }
        case (.array(let old), .array(let new)) where old.count == new.count:
            return zip(old, new).enumerated().flatMap { fieldDifferences($1.0, $1.1, path: "\(path)[\($0)]") }
        default:
            return expected == actual ? [] : ["\(path.isEmpty ? "(entry)" : path): recorded \(expected), now \(actual)"]
        }
    }
}
