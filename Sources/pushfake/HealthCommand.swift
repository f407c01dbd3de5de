import Foundation
import PushFakeCore
import PushFakeHTTP

/// `pushfake health`: is a running server up? For container health checks, whose runtime image has no curl.
enum HealthCommand {
    static let spec = CommandSpec(
        path: ["health"], summary: "Exit 0 when a running server is healthy (for container health checks).",
        discussion: """
            Asks the server at --url or $PUSHFAKE_URL for GET /__pushfake/health and exits 0 when it answers 200 \
            with "status":"ok" within the timeout, 1 otherwise (also when no server answers: a container \
            HEALTHCHECK's "unhealthy"), 64 on a usage error. Prints nothing on success.
            """,
        options: Options.self,
        run: { options, context throws(CommandExit) in try check(options, context) })

    /// The server and how long to wait for its answer.
    struct Options: ParsableOptions {
        var server = ServerOptions()
        var timeout = 3.0

        static var options: [Option<Self>] {
            ServerOptions.options.within(\.server) + [
                .value("--timeout", \.timeout, "seconds", .number(in: 0.001...3600), "How long to wait (default 3)")
            ]
        }
    }

    private static func check(_ options: Options, _ context: CommandContext<Options>) throws(CommandExit) {
        let server = try ServerClient(options.server, context)
        let response = try server.send(AdminOperations.health, timeout: options.timeout, unavailable: .failure)
        guard response.status == 200, response.json?["status"]?.stringValue == "ok" else {
            throw CommandExit(.failure, "health: \(server.url) answered \(response.status) \(response.text)")
        }
    }
}
