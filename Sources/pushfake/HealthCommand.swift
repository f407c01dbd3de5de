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
        options: AdminClient.options + [.value("--timeout", "seconds", "How long to wait (default 3)")],
        run: { arguments throws(CommandExit) in try check(arguments) })

    private static func check(_ arguments: ParsedArguments) throws(CommandExit) {
        let server = try AdminClient(arguments)
        let timeout = try arguments.double("--timeout", in: 0.001...3600) ?? 3
        let response = try server.send("GET", "health", timeout: timeout, unavailable: .failure)
        guard response.status == 200, response.json?["status"]?.stringValue == "ok" else {
            throw CommandExit(.failure, "health: \(server.url) answered \(response.status) \(response.text)")
        }
    }
}
