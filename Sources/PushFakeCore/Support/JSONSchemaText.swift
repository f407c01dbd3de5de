/// Pieces of JSON Schema text for the admin API's OpenAPI document that Core's readers define.
public enum JSONSchemaText {
    /// A regular expression (ECMA-262, as JSON Schema uses them; it has no case-insensitive flag) matching `name` in
    /// any ASCII case: `tpns` → `[Tt][Pp][Nn][Ss]`. Regular-expression syntax characters are escaped.
    public static func caseInsensitive(_ name: String) -> String {
        var pattern = ""
        for character in name {
            let lower = character.lowercased()
            let upper = character.uppercased()
            if character.isASCII, character.isLetter, lower != upper {
                pattern += "[\(lower)\(upper)]"
            } else if "^$\\.*+?()[]{}|/".contains(character) {
                pattern += "\\" + String(character)
            } else {
                pattern += String(character)
            }
        }
        return pattern
    }
}
