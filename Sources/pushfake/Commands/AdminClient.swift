import Foundation
import PushFakeCore
import PushFakeHTTP

/// Talks to a running `pushfake serve` (or one of its instances) for the admin commands.
///
/// The URL is the server's base URL from `--url` or `$PUSHFAKE_URL` (`http://127.0.0.1:8089`, or an instance's
/// `http://127.0.0.1:8089/i/<id>`); admin paths go under its `/__pushfake/`.
struct AdminClient {
    let url: String
    let host: String
    let port: Int
    /// The URL's path, without a trailing `/`: empty for the server, `/i/<id>` for an instance.
    let basePath: String
    /// Sent as `Authorization: Bearer <token>` (a server started with --admin-token wants it).
    let token: String?

    /// The client for the server `server` names; a missing or unusable URL is a usage error of the command.
    init<Options>(_ server: ServerOptions, _ context: CommandContext<Options>) throws(CommandExit) {
        guard let text = server.url ?? ProcessInfo.processInfo.environment["PUSHFAKE_URL"] else {
            throw context.usage("no server URL: pass --url or set PUSHFAKE_URL")
        }
        let source = server.url != nil ? "--url" : "PUSHFAKE_URL"
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "http",
            let host = components.host, !host.isEmpty
        else {
            throw context.usage("\(source) is not an http:// URL: \(text)")
        }
        guard components.query == nil, components.fragment == nil else {
            throw context.usage("\(source) must not carry a query or fragment: \(text)")
        }
        url = text
        token = server.token ?? ProcessInfo.processInfo.environment["PUSHFAKE_ADMIN_TOKEN"]
        self.host = host
        port = components.port ?? 80
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
    }

    /// Sends one admin request and returns the status and body; unreachable servers exit 69.
    func send(
        _ method: String, _ route: String, query: [(String, String)] = [], body: String? = nil,
        timeout: Double = 60, unavailable: ExitCode = .unavailable
    ) throws(CommandExit) -> LoopbackHTTPClient.Response {
        let target = basePath + "/__pushfake/" + route + Self.encode(query)
        let client: LoopbackHTTPClient
        do {
            client = try LoopbackHTTPClient(host: host, port: port, receiveTimeout: timeout)
        } catch {
            throw CommandExit(unavailable, "cannot reach \(url): \(error)")
        }
        guard let response = client.request(method, target, body: body, headers: headers) else {
            throw CommandExit(unavailable, "no response from \(url)")
        }
        return response
    }

    /// `Host` as the URL names the server (a compose service name passes the server's Host rule only when it was
    /// allowed there), and the token when there is one.
    var headers: [(String, String)] {
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return [("Host", hostHeader)] + (token.map { [("Authorization", "Bearer " + $0)] } ?? [])
    }

    /// Prints the body; a non-2xx answer exits 1 (its body is printed first, it says what went wrong).
    func printAnswer(_ response: LoopbackHTTPClient.Response) throws(CommandExit) {
        let output = FileHandle.standardOutput
        output.write(Data(response.body))
        if response.body.last != UInt8(ascii: "\n") { output.write(Data("\n".utf8)) }
        guard (200..<300).contains(response.status) else { throw CommandExit(.failure) }
    }

    static func encode(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return "?"
            + query.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
            }.joined(separator: "&")
    }
}
