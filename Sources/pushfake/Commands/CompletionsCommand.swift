/// `pushfake completions bash|zsh|fish`: prints a completion script generated from the command table (commands,
/// subcommands, options with their inversions and aliases, choices, files).
enum CompletionsCommand {
    /// The shells there are scripts for.
    enum Shell: String, Sendable, CaseIterable, SingleOptionValue {
        case bash
        case zsh
        case fish
    }

    /// The shell to print the script for.
    struct Options: ParsableOptions {
        var shell = Shell.bash
        static var options: [Option<Self>] { [] }
        static var arguments: [Argument<Self>] {
            [.required("shell", \.shell, .choice(Shell.self), "bash, zsh or fish")]
        }
    }

    static let spec = CommandSpec(
        path: ["completions"], summary: "Print a completion script for bash, zsh or fish.",
        discussion: """
            bash: pushfake completions bash > ~/.local/share/bash-completion/completions/pushfake (or add \
            `source <(pushfake completions bash)` to ~/.bashrc). zsh: pushfake completions zsh > "${fpath[1]}/_pushfake" \
            (a directory on $fpath), then start a new shell. fish: pushfake completions fish > \
            ~/.config/fish/completions/pushfake.fish.
            """,
        options: Options.self,
        run: { options, _ throws(CommandExit) in
            print(script(options.shell), terminator: "")
        })

    /// The script for `shell`, from the whole command table.
    static func script(_ shell: Shell) -> String {
        let table = CompletionTable(root: CommandTable.root)
        switch shell {
        case .bash: return BashCompletion.script(table)
        case .zsh: return ZshCompletion.script(table)
        case .fish: return FishCompletion.script(table)
        }
    }
}
