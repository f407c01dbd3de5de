/// The exit statuses every `pushfake` command uses (docs/cli.md, "Exit codes"), after BSD `sysexits.h`.
enum ExitCode: Int32, CaseIterable {
    /// Success.
    case ok = 0
    /// A verification or wait failed, or the server answered with an error.
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// A state file could not be used (`EX_DATAERR`).
    case dataError = 65
    /// No server at the URL, or the port is taken (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// Something went wrong inside pushfake (`EX_SOFTWARE`).
    case software = 70
    /// The server's answer broke the protocol the command speaks: `tail` got no event stream, or one it cannot read
    /// (`EX_PROTOCOL`).
    case protocolError = 76
}

/// Ends a command with a status and, unless empty, a message on stderr.
struct CommandExit: Error {
    let code: ExitCode
    let message: String

    init(_ code: ExitCode, _ message: String = "") {
        self.code = code
        self.message = message
    }
}
