/// `pushfake completions bash`: a bash completion script (bash 3.2 and later) generated from the command table.
enum BashCompletion {
    static func script(_ table: CompletionTable) -> String {
        """
        # bash completion for pushfake, generated from its command table by `pushfake completions bash`.
        # Install: pushfake completions bash > ~/.local/share/bash-completion/completions/pushfake
        # (or add `source <(pushfake completions bash)` to ~/.bashrc).

        \(ShellCompletionTables.functions(table))
        # _pushfake_offer WHAT WORD: fills COMPREPLY with what _pushfake_value or _pushfake_argument named.
        _pushfake_offer() {
            local candidate list
            COMPREPLY=()
            case "$1" in
            words\\ *) list="$(compgen -W "${1#words }" -- "$2")" ;;
            commands) list="$(compgen -W "$(_pushfake_subcommands "$_pushfake_args")" -- "$2")" ;;
            file)
                if type compopt >/dev/null 2>&1; then compopt -o filenames 2>/dev/null; fi
                list="$(compgen -f -- "$2")"
                ;;
            directory)
                if type compopt >/dev/null 2>&1; then compopt -o filenames 2>/dev/null; fi
                list="$(compgen -d -- "$2")"
                ;;
            *) return 0 ;;
            esac
            while IFS= read -r candidate; do
                if [ -n "$candidate" ]; then COMPREPLY+=("$candidate"); fi
            done <<PUSHFAKE_CANDIDATES
        $list
        PUSHFAKE_CANDIDATES
        }

        _pushfake() {
            local cur="${COMP_WORDS[COMP_CWORD]}" previous="" value=""
            _pushfake_walk "${COMP_WORDS[@]:1:COMP_CWORD-1}"
            if [ "$COMP_CWORD" -ge 2 ]; then
                previous="${COMP_WORDS[COMP_CWORD-1]}"
                # bash splits --option=value at the =.
                if [ "$previous" = "=" ] && [ "$COMP_CWORD" -ge 3 ]; then previous="${COMP_WORDS[COMP_CWORD-2]}"; fi
            fi
            if value="$(_pushfake_value "$_pushfake_cmd" "$previous")"; then
                _pushfake_offer "$value" "$cur"
                return 0
            fi
            case "$cur" in
            -*)
                _pushfake_offer "words $(_pushfake_options "$_pushfake_cmd")" "$cur"
                return 0
                ;;
            esac
            if [ "$_pushfake_count" -eq 0 ]; then
                value="$(_pushfake_subcommands "$_pushfake_cmd")"
                if [ -n "$value" ]; then
                    _pushfake_offer "words $value" "$cur"
                    return 0
                fi
            fi
            if value="$(_pushfake_argument "$_pushfake_cmd" "$_pushfake_count")"; then
                _pushfake_offer "$value" "$cur"
            fi
            return 0
        }

        complete -F _pushfake pushfake

        """
    }
}
