/// `--url` and `--token`: which running server a command talks to, and its admin token. Every command that talks
/// to a server takes them (``AdminClient``).
struct ServerOptions: ParsableOptions {
    /// The server's base URL; `nil`: `$PUSHFAKE_URL`.
    var url: String?
    /// The server's `--admin-token`; `nil`: `$PUSHFAKE_ADMIN_TOKEN`.
    var token: String?

    static var options: [Option<Self>] {
        [
            .value("--url", \.url, "url", .text, "The server's URL (default: $PUSHFAKE_URL)"),
            .value("--token", \.token, "token", .text, "The server's --admin-token (default: $PUSHFAKE_ADMIN_TOKEN)"),
        ]
    }
}
