/// Dotted paths into JSON values (`a.b[2].c`), as matchers and recordings use them.
public enum JSONPath {
    /// One step of a path.
    public enum Component: Sendable, Equatable {
        /// An object key: `device` in `device.latitude`.
        case key(String)
        /// An array index: `0` in `[0].applicationKey`.
        case index(Int)
    }

    /// One piece of a path as written, before it is read as a key or an index.
    public enum Piece: Sendable, Equatable {
        /// The text between dots or brackets, never empty: `device` in `device.latitude`.
        case key(String)
        /// The text between `[` and `]`: `0` in `[0].applicationKey`, `*` in `objects[*]`.
        case bracketed(String)
    }

    /// Splits `a.b[2].c` into keys and indices; a bracket that holds no integer is left out.
    public static func components(_ path: String) -> [Component] {
        var result: [Component] = []
        pieces(of: Substring(path)) { piece in
            switch piece {
            case .key(let key): result.append(.key(key))
            case .bracketed(let text): if let index = Int(text) { result.append(.index(index)) }
            }
        }
        return result
    }

    /// Calls `body` with each piece of `path` in order: `a.b[2].c` is `a`, `b`, `[2]`, `c`. Empty keys are skipped,
    /// and an unclosed `[` ends the path.
    public static func pieces(of path: Substring, _ body: (Piece) -> Void) {
        var key = ""
        var bracket: String?
        func flushKey() {
            if !key.isEmpty { body(.key(key)) }
            key = ""
        }
        for character in path {
            if var inside = bracket {
                if character == "]" {
                    body(.bracketed(inside))
                    bracket = nil
                } else {
                    inside.append(character)
                    bracket = inside
                }
                continue
            }
            switch character {
            case ".": flushKey()
            case "[":
                flushKey()
                bracket = ""
            default: key.append(character)
            }
        }
        flushKey()
    }
}
