/// `pushfake completions fish`: fish `complete` commands generated from the command table; a small function finds
/// the command path of the line so far, and each subcommand, option and argument is offered only under its command.
enum FishCompletion {
    static func script(_ table: CompletionTable) -> String {
        var lines = [
            "# fish completion for pushfake, generated from its command table by `pushfake completions fish`.",
            "# Install: pushfake completions fish > ~/.config/fish/completions/pushfake.fish", "",
            function(
                "__pushfake_subcommands", "The subcommands of the command at PATH",
                table.entries.compactMap {
                    entry in
                    let words = CompletionTable.subcommandWords(entry)
                    return words.isEmpty ? nil : (entry.key, "echo " + words.joined(separator: " "))
                }),
            function(
                "__pushfake_takes_value", "Whether OPTION of the command at PATH takes a value", takesValue(table)),
            walk, "complete -c pushfake -f",
        ]
        for entry in table.entries {
            let condition = "__pushfake_at " + quoted(entry.key)
            for sub in entry.command.subcommands {
                lines.append(
                    "complete -c pushfake -n \(quoted(condition)) -a \(quoted(sub.path.last ?? "")) -d "
                        + quoted(CompletionTable.shortHelp(sub.summary)))
            }
            for option in entry.command.options { lines += completions(of: option, condition: condition) }
            for (index, argument) in entry.command.arguments.enumerated() {
                let offered = offer(CompletionTable.value(of: argument))
                guard !offered.isEmpty else { continue }
                let at = "\(condition); and __pushfake_count_is \(index)"
                lines.append("complete -c pushfake -n \(quoted(at))" + offered)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `complete` lines of one option: its spellings, with what goes after it.
    private static func completions(of option: OptionSpec, condition: String) -> [String] {
        let help = " -d " + quoted(CompletionTable.shortHelp(option.help))
        var names = [option.name] + option.aliases.map(\.name)
        var line = "complete -c pushfake -n \(quoted(condition))"
        if let short = option.short { line += " -s " + short.dropFirst() }
        line += " -l " + (names.removeFirst().dropFirst(2))
        let value = CompletionTable.value(of: option).map { offer($0, requiresValue: true) } ?? ""
        var result = [line + value + help]
        result += names.map { "complete -c pushfake -n \(quoted(condition)) -l \($0.dropFirst(2))" + value + help }
        if let inversion = option.inversion {
            result.append(
                "complete -c pushfake -n \(quoted(condition)) -l \(inversion.dropFirst(2)) -d "
                    + quoted("turn \(option.name) off"))
        }
        return result
    }

    /// The flags of `complete` that offer `value` (after an option: `-x`/`-r`; an argument: `-a`, `-F`).
    private static func offer(_ value: CompletionTable.Value, requiresValue: Bool = false) -> String {
        let needs = requiresValue ? " -r" : ""
        switch value {
        case .text: return requiresValue ? " -x" : ""
        case .words(let words): return (requiresValue ? " -x" : "") + " -a " + quoted(words.joined(separator: " "))
        case .file: return needs + " -F"
        case .directory: return (requiresValue ? " -x" : "") + " -a '(__fish_complete_directories)'"
        case .commands: return #" -a '(string split " " -- (__pushfake_subcommands (__pushfake_args)))'"#
        }
    }

    private static func takesValue(_ table: CompletionTable) -> [(String, String)] {
        var patterns: [String] = []
        for entry in table.entries {
            for option in entry.command.options where option.value != nil {
                patterns += option.spellings.map { entry.key + " " + $0 }
            }
        }
        return [(patterns.joined(separator: "\u{0}"), "return 0")]
    }

    private static func function(_ name: String, _ description: String, _ cases: [(String, String)]) -> String {
        var lines = ["function \(name) --description \(quoted(description))", "    switch \"$argv[1] $argv[2]\""]
        if name == "__pushfake_subcommands" { lines[1] = "    switch \"$argv[1]\"" }
        for (pattern, body) in cases {
            let patterns = pattern.split(separator: "\u{0}", omittingEmptySubsequences: false).map {
                quoted(String($0))
            }
            lines += ["        case " + patterns.joined(separator: " "), "            \(body)"]
        }
        lines += ["    end", "    return 1", "end", ""]
        return lines.joined(separator: "\n")
    }

    /// Finds the command path and the positional arguments of the line before the cursor.
    private static let walk = """
        function __pushfake_walk --description 'Prints the command path, then each positional argument, one a line'
            set -l tokens (commandline -opc)
            set -e tokens[1]
            set -l command_path ''
            set -l arguments
            set -l skip 0
            for token in $tokens
                if test $skip = 1
                    set skip 0
                    continue
                end
                switch $token
                    case '--*=*'
                        continue
                    case '-*'
                        if __pushfake_takes_value "$command_path" $token
                            set skip 1
                        end
                        continue
                end
                if test (count $arguments) = 0; and contains -- $token (string split ' ' -- (__pushfake_subcommands "$command_path"))
                    set command_path (string trim -- "$command_path $token")
                else
                    set -a arguments $token
                end
            end
            echo $command_path
            for argument in $arguments
                echo $argument
            end
        end

        function __pushfake_at --description 'Whether the command line so far is at the command PATH'
            set -l walk (__pushfake_walk)
            test "$walk[1]" = "$argv[1]"
        end

        function __pushfake_count_is --description 'Whether the command has N positional arguments so far'
            set -l walk (__pushfake_walk)
            test (math (count $walk) - 1) = $argv[1]
        end

        function __pushfake_args --description 'The positional arguments so far, as a command path'
            set -l walk (__pushfake_walk)
            string join ' ' -- $walk[2..-1]
        end

        """

    /// `text` in single quotes for fish (which escapes `\\` and `'` inside them).
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
