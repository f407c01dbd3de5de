import Foundation
import PushFakeCore
import PushFakeHTTP

/// `pushfake health`: is a running server up? For container health checks, whose runtime image has no curl.
enum HealthCommand {
    static let usage = """
        USAGE: pushfake health [--url URL] [--timeout SECONDS]

        Asks the server at URL (or $PUSHFAKE_URL, e.g. http://127.0.0.1:8080) for GET /__pushfake/health.
        Exits 0 when it answers 200 {"status":"ok"} within the timeout (default 3 seconds), 1 otherwise (a
        container HEALTHCHECK's "unhealthy"), 64 on a usage error. Prints nothing on success.
        """

    static func run(_ arguments: [String]) -> Never {
        var url = ProcessInfo.processInfo.environment["PUSHFAKE_URL"]
        var timeout = 3.0
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                print(usage)
                exit(0)
            case "--url":
                guard let value = rest.popFirst() else { usageError("--url needs a value") }
                url = value
            case "--timeout":
                guard let value = rest.popFirst(), let seconds = Double(value), seconds > 0 else {
                    usageError("--timeout needs a number of seconds above 0")
                }
                timeout = seconds
            default:
                usageError("unknown option \(argument)")
            }
        }
        guard let url, let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            usageError("no server URL: pass --url or set PUSHFAKE_URL")
        }
        let address = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let response: LoopbackHTTPClient.Response?
        do {
            let client = try LoopbackHTTPClient(host: address, port: components.port ?? 80, receiveTimeout: timeout)
            response = client.request("GET", "/__pushfake/health")
        } catch {
            unhealthy("cannot reach \(url): \(error)")
        }
        guard let response else { unhealthy("no answer from \(url)") }
        guard response.status == 200, response.json?["status"]?.stringValue == "ok" else {
            unhealthy("\(url)/__pushfake/health answered \(response.status) \(response.text)")
        }
        exit(0)
    }

    private static func unhealthy(_ message: String) -> Never {
        FileHandle.standardError.write(Data("pushfake health: \(message)\n".utf8))
        exit(1)
    }

    private static func usageError(_ message: String) -> Never {
        FileHandle.standardError.write(Data("pushfake health: \(message)\n\n\(usage)\n".utf8))
        exit(64)
    }
}
