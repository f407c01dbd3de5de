/// The `${secret:NAME}` placeholders that stand for secrets in recordings (RecordingFormat.md, "Secrets and
/// placeholders"): written by ``RecordingRedactor`` when recordings are exported, put back by replay.
///
/// Names are lowercase words joined by `-`, such as `twinpush-api-token`; a second distinct value of the same kind
/// within one export gets `twinpush-api-token-2`, and so on.
public enum SecretPlaceholder {
    /// `${secret:` — what every placeholder starts with.
    public static let prefix = "${secret:"

    /// The placeholder text for `name`: `${secret:twinpush-api-token}`.
    public static func text(_ name: String) -> String { prefix + name + "}" }

    /// The environment variable replay reads a secret from: `PUSHFAKE_SECRET_` and the name in upper case with `-`
    /// as `_` (`PUSHFAKE_SECRET_TWINPUSH_API_TOKEN`).
    public static func environmentVariable(_ name: String) -> String {
        "PUSHFAKE_SECRET_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// Whether `name` may be a placeholder name: 1…64 characters of `a-z`, `0-9` and `-`.
    public static func isValidName(_ name: Substring) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// The placeholder names in `text`, each once, in order of first appearance.
    public static func names(in text: String) -> [String] {
        var names: [String] = []
        forEachPlaceholder(in: text) { name in
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `text` with every placeholder whose name `values` has replaced by its value; other text, and placeholders
    /// without a value, stay as they are.
    public static func substitute(in text: String, values: [String: String]) -> String {
        guard text.contains(prefix) else { return text }
        var result = ""
        var rest = text[...]
        while let start = rest.range(of: prefix) {
            result += rest[..<start.lowerBound]
            let afterPrefix = rest[start.upperBound...]
            if let close = afterPrefix.firstIndex(of: "}"), isValidName(afterPrefix[..<close]),
                let value = values[String(afterPrefix[..<close])]
            {
                result += value
                rest = afterPrefix[afterPrefix.index(after: close)...]
            } else {
                result += prefix
                rest = afterPrefix
            }
        }
        return result + rest
    }

    private static func forEachPlaceholder(in text: String, _ body: (String) -> Void) {
        var rest = text[...]
        while let start = rest.range(of: prefix) {
            let afterPrefix = rest[start.upperBound...]
            if let close = afterPrefix.firstIndex(of: "}"), isValidName(afterPrefix[..<close]) {
                body(String(afterPrefix[..<close]))
                rest = afterPrefix[afterPrefix.index(after: close)...]
            } else {
                rest = afterPrefix
            }
        }
    }
}
