/// `pushfake completions zsh`: a zsh completion function generated from the command table, with each subcommand's
/// and option's help as its description.
enum ZshCompletion {
    static func script(_ table: CompletionTable) -> String {
        """
        #compdef pushfake
        # zsh completion for pushfake, generated from its command table by `pushfake completions zsh`.
        # Install: pushfake completions zsh > "${fpath[1]}/_pushfake" (a directory on $fpath), then start a new
        # shell; or add `source <(pushfake completions zsh)` to ~/.zshrc after compinit.

        \(ShellCompletionTables.functions(table))
        \(described(table))
        # _pushfake_offer WHAT: offers what _pushfake_value or _pushfake_argument named.
        _pushfake_offer() {
            case "$1" in
            words\\ *) compadd -- ${(s: :)${1#words }} ;;
            commands) compadd -- ${(s: :)$(_pushfake_subcommands "$_pushfake_args")} ;;
            file) _files ;;
            directory) _files -/ ;;
            esac
        }

        _pushfake() {
            local cur="${words[CURRENT]}" previous="" value=""
            local -a described
            _pushfake_walk "${(@)words[2,CURRENT-1]}"
            if (( CURRENT > 2 )); then previous="${words[CURRENT-1]}"; fi
            if value="$(_pushfake_value "$_pushfake_cmd" "$previous")"; then
                _pushfake_offer "$value"
                return 0
            fi
            if [[ "$cur" == -* ]]; then
                described=("${(@f)$(_pushfake_described "$_pushfake_cmd" options)}")
                _describe -t options 'option' described
                return 0
            fi
            if (( _pushfake_count == 0 )) && [[ -n "$(_pushfake_subcommands "$_pushfake_cmd")" ]]; then
                described=("${(@f)$(_pushfake_described "$_pushfake_cmd" commands)}")
                _describe -t commands 'command' described
                return 0
            fi
            if value="$(_pushfake_argument "$_pushfake_cmd" "$_pushfake_count")"; then
                _pushfake_offer "$value"
            fi
            return 0
        }

        if [ "${funcstack[1]}" = "_pushfake" ]; then
            _pushfake "$@"
        else
            compdef _pushfake pushfake
        fi

        """
    }

    /// `_pushfake_described PATH options|commands`: `name:description` lines for `_describe`.
    private static func described(_ table: CompletionTable) -> String {
        var lines = [
            "# _pushfake_described PATH options|commands: name:description lines of the command at PATH.",
            "_pushfake_described() {", "    case \"$1 $2\" in",
        ]
        for entry in table.entries {
            lines.append("    " + CompletionTable.quoted(entry.key + " options") + ")")
            lines.append("        printf '%s\\n' \\")
            var rows: [String] = []
            for option in entry.command.options {
                let help = CompletionTable.shortHelp(option.help)
                rows += ([option.name, option.short].compactMap { $0 } + option.aliases.map(\.name)).map {
                    "\($0):\(help)"
                }
                if let inversion = option.inversion { rows.append("\(inversion):turn \(option.name) off") }
            }
            rows += ["--help:Show help information", "-h:Show help information"]
            lines += rows.map { "            " + CompletionTable.quoted($0) + " \\" }
            lines.append("            ;;")
            guard !entry.command.subcommands.isEmpty else { continue }
            lines.append("    " + CompletionTable.quoted(entry.key + " commands") + ")")
            lines.append("        printf '%s\\n' \\")
            lines += entry.command.subcommands.map { sub in
                "            "
                    + CompletionTable.quoted("\(sub.path.last ?? ""):\(CompletionTable.shortHelp(sub.summary))")
                    + " \\"
            }
            lines.append("            ;;")
        }
        lines += ["    esac", "}", ""]
        return lines.joined(separator: "\n")
    }
}
