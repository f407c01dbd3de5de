/// The shell functions bash's and zsh's completion scripts share (their syntax is common to both shells): the
/// command table as `case` statements, and the walk over the words before the cursor that finds the command path.
enum ShellCompletionTables {
    /// The tables and the walk, each a shell function.
    static func functions(_ table: CompletionTable) -> String {
        [subcommands(table), options(table), values(table), arguments(table), walk].joined(separator: "\n")
    }

    /// `_pushfake_subcommands PATH`: the subcommands of the command at PATH (`faults`), as words.
    private static func subcommands(_ table: CompletionTable) -> String {
        caseFunction(
            "_pushfake_subcommands", comment: "_pushfake_subcommands PATH: the subcommands of the command at PATH",
            subject: "$1",
            cases: table.entries.compactMap { entry in
                let words = CompletionTable.subcommandWords(entry)
                return words.isEmpty ? nil : (entry.key, "echo " + CompletionTable.quoted(words.joined(separator: " ")))
            })
    }

    /// `_pushfake_options PATH`: every spelling of the options of the command at PATH.
    private static func options(_ table: CompletionTable) -> String {
        caseFunction(
            "_pushfake_options", comment: "_pushfake_options PATH: every option of the command at PATH",
            subject: "$1",
            cases: table.entries.map { entry in
                (entry.key, "echo " + CompletionTable.quoted(CompletionTable.optionWords(entry).joined(separator: " ")))
            })
    }

    /// `_pushfake_value PATH OPTION`: what goes after an option that takes a value; fails for a flag.
    private static func values(_ table: CompletionTable) -> String {
        var cases: [(String, String)] = []
        for entry in table.entries {
            for option in entry.command.options {
                guard let value = CompletionTable.value(of: option) else { continue }
                for spelling in option.spellings {
                    cases.append((entry.key + " " + spelling, "echo " + CompletionTable.quoted(word(value))))
                }
            }
        }
        return caseFunction(
            "_pushfake_value",
            comment: "_pushfake_value PATH OPTION: what goes after OPTION (words W..., file, directory, commands, "
                + "text); fails for a flag",
            subject: "$1 $2", cases: grouped(cases), fallback: "return 1")
    }

    /// `_pushfake_argument PATH INDEX`: what goes in the positional argument INDEX (from 0); fails past the last.
    private static func arguments(_ table: CompletionTable) -> String {
        var cases: [(String, String)] = []
        for entry in table.entries {
            for (index, argument) in entry.command.arguments.enumerated() {
                let value = CompletionTable.value(of: argument)
                cases.append((entry.key + " \(index)", "echo " + CompletionTable.quoted(word(value))))
            }
        }
        return caseFunction(
            "_pushfake_argument", comment: "_pushfake_argument PATH INDEX: what goes in positional argument INDEX",
            subject: "$1 $2", cases: grouped(cases), fallback: "return 1")
    }

    /// How the scripts spell a ``CompletionTable/Value``.
    private static func word(_ value: CompletionTable.Value) -> String {
        switch value {
        case .text: return "text"
        case .words(let words): return "words " + words.joined(separator: " ")
        case .file: return "file"
        case .directory: return "directory"
        case .commands: return "commands"
        }
    }

    /// Cases with the same body joined into one pattern list (`'serve --port' | 'serve --host')`).
    private static func grouped(_ cases: [(String, String)]) -> [(String, String)] {
        var order: [String] = []
        var patterns: [String: [String]] = [:]
        for (pattern, body) in cases {
            if patterns[body] == nil { order.append(body) }
            patterns[body, default: []].append(pattern)
        }
        return order.map { body in ((patterns[body] ?? []).joined(separator: "\u{0}"), body) }
    }

    private static func caseFunction(
        _ name: String, comment: String, subject: String, cases: [(String, String)], fallback: String? = nil
    ) -> String {
        var lines = ["# \(comment).", "\(name)() {", "    case \"\(subject)\" in"]
        for (pattern, body) in cases {
            let patterns = pattern.split(separator: "\u{0}", omittingEmptySubsequences: false)
            // One pattern a line: the lists of `_pushfake_value` are long.
            lines.append(
                "    " + patterns.map { CompletionTable.quoted(String($0)) }.joined(separator: " | \\\n    ") + ")")
            lines.append("        \(body) ;;")
        }
        if let fallback { lines += ["    *)", "        \(fallback) ;;"] }
        lines += ["    esac", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// `_pushfake_walk WORD...` reads the words between `pushfake` and the cursor and sets `_pushfake_cmd` (the
    /// command path, `faults add`), `_pushfake_count` (positional arguments so far) and `_pushfake_args` (them).
    /// An option's value is skipped, also when bash split `--option=value` at the `=`.
    static let walk = """
        # _pushfake_walk WORD...: the command path (_pushfake_cmd), the positional arguments so far (_pushfake_count,
        # _pushfake_args) of the words between pushfake and the cursor.
        _pushfake_walk() {
            _pushfake_cmd=''
            _pushfake_count=0
            _pushfake_args=''
            while [ "$#" -gt 0 ]; do
                case "$1" in
                --*=*) ;;
                -*)
                    if _pushfake_value "$_pushfake_cmd" "$1" >/dev/null; then
                        shift
                        if [ "$#" -gt 0 ] && [ "$1" = "=" ]; then shift; fi
                    fi
                    ;;
                *)
                    if [ "$_pushfake_count" -eq 0 ] && _pushfake_is_subcommand "$_pushfake_cmd" "$1"; then
                        _pushfake_cmd="${_pushfake_cmd:+$_pushfake_cmd }$1"
                    else
                        _pushfake_count=$((_pushfake_count + 1))
                        _pushfake_args="${_pushfake_args:+$_pushfake_args }$1"
                    fi
                    ;;
                esac
                if [ "$#" -gt 0 ]; then shift; fi
            done
        }

        # _pushfake_is_subcommand PATH WORD: whether WORD names a subcommand of the command at PATH.
        _pushfake_is_subcommand() {
            case " $(_pushfake_subcommands "$1") " in
            *" $2 "*) return 0 ;;
            esac
            return 1
        }

        """
}
