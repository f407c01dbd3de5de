/// Renders `--help` for a command from its ``CommandSpec``, in the layout swift-argument-parser tools use.
enum Help {
    static func text(_ command: CommandSpec) -> String {
        var lines: [String] = []
        lines.append("OVERVIEW: \(command.summary)")
        if !command.discussion.isEmpty {
            for paragraph in command.discussion.components(separatedBy: "\n\n") {
                lines += [""] + wrap(paragraph, width: 120)
            }
        }
        lines += ["", usageLine(command)]
        if !command.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += command.arguments.map { row("<\($0.name)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        lines += command.options.map { row(label($0), $0.help + ($0.repeatable ? " (repeatable)" : "")) }
        lines.append(row("-h, --help", "Show help information."))
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            lines += command.subcommands.map { row($0.path.last ?? "", $0.summary) }
            let words = (["pushfake", "help"] + command.path + ["<subcommand>"]).joined(separator: " ")
            lines += ["", "  See '\(words)' for detailed help."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func usageLine(_ command: CommandSpec) -> String {
        var parts = ["USAGE:", command.displayName]
        if !command.subcommands.isEmpty { parts.append("<subcommand>") }
        if command.options.count > 3 {
            parts.append("[<options>]")
        } else {
            parts += command.options.map { option in
                let text = option.value.map { "\(option.name) <\($0)>" } ?? option.name
                return "[\(text)]" + (option.repeatable ? " ..." : "")
            }
        }
        parts += command.arguments.map { ($0.optional ? "[<\($0.name)>]" : "<\($0.name)>") + ($0.variadic ? " …" : "") }
        return parts.joined(separator: " ")
    }

    private static func label(_ option: OptionSpec) -> String {
        let long = option.value.map { "\(option.name) <\($0)>" } ?? option.name
        return option.short.map { "\($0), \(long)" } ?? long
    }

    /// `  label   help`, the help wrapped at 120 columns under its own first line.
    private static func row(_ label: String, _ help: String) -> String {
        let column = 30
        let indent = String(repeating: " ", count: column)
        let wrapped = wrap(help, width: 120 - column)
        let head = "  " + label
        let first =
            head.count < column
            ? head + String(repeating: " ", count: column - head.count) + (wrapped.first ?? "")
            : head + "\n" + indent + (wrapped.first ?? "")
        return ([first] + wrapped.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }

    /// Words of `text` in lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines
    }
}
