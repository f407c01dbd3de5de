import Foundation
import PushFakeCore
import PushFakeHTTP

/// The typed admin client (PushFakeHTTP's ``AdminClient``) over the loopback transport: how the commands talk to a
/// running `pushfake serve` (or one of its instances).
///
/// The URL is the server's base URL from `--url` or `$PUSHFAKE_URL` (`http://127.0.0.1:8089`, or an instance's
/// `http://127.0.0.1:8089/i/<id>`); admin paths go under its `/__pushfake/`.
typealias ServerClient = AdminClient<LoopbackAdminTransport>

extension AdminClient where Transport == LoopbackAdminTransport {
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
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        self.init(
            transport: LoopbackAdminTransport(
                host: host, port: components.port ?? 80, basePath: path,
                token: server.token ?? ProcessInfo.processInfo.environment["PUSHFAKE_ADMIN_TOKEN"], url: text))
    }

    /// The URL as given.
    var url: String { transport.url }

    /// Calls `operation` with `input` and returns the answer whatever its status; unreachable servers exit 69
    /// (`unavailable`).
    func send<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, timeout: Double = 60,
        unavailable: ExitCode = .unavailable
    ) throws(CommandExit) -> AdminHTTPResponse {
        try exchange(request(operation, input, timeout: timeout), unavailable: unavailable)
    }

    /// Calls an operation without input.
    func send<Output>(
        _ operation: AdminOperation<Void, Output>, timeout: Double = 60, unavailable: ExitCode = .unavailable
    ) throws(CommandExit) -> AdminHTTPResponse {
        try send(operation, (), timeout: timeout, unavailable: unavailable)
    }

    /// Calls `operation` with a JSON body given as it is (the server reads and judges it).
    func send<Input, Output>(_ operation: AdminOperation<Input, Output>, body: String, timeout: Double = 60)
        throws(CommandExit) -> AdminHTTPResponse
    {
        try exchange(Self.request(operation.route, AdminRequestParts(body: Array(body.utf8)), timeout: timeout))
    }

    /// Sends `request`; no answer exits with `unavailable`.
    func exchange(_ request: AdminHTTPRequest, unavailable: ExitCode = .unavailable) throws(CommandExit)
        -> AdminHTTPResponse
    {
        do throws(AdminClientError) {
            return try send(request)
        } catch {
            throw CommandExit(unavailable, error.message)
        }
    }

    /// Prints the body; a non-2xx answer exits 1 (its body is printed first, it says what went wrong).
    func printAnswer(_ response: AdminHTTPResponse) throws(CommandExit) {
        StandardStreams.output(bytes: response.body)
        if response.body.last != UInt8(ascii: "\n") { StandardStreams.output("\n") }
        guard (200..<300).contains(response.status) else { throw CommandExit(.failure) }
    }
}
