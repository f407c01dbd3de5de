import Foundation
import PushFakeTesting

/// What a UI-test scheme starts before the run (`pushfake serve`), in process: a server on `127.0.0.1` with a port
/// the kernel picks, for `.remote` fixtures to make their instances on. Stopped when `body` returns or throws.
enum RemoteServer {
    static func with<Result: Sendable>(
        _ configuration: ServerConfiguration = ServerConfiguration(),
        _ body: (_ url: URL, _ server: PushFakeServer) async throws -> Result
    ) async throws -> Result {
        let server = PushFakeServer(configuration: configuration)
        try server.start()
        defer { server.stop() }
        return try await body(server.baseURL, server)
    }
}
