import Foundation
import PushFakeCore

/// A running PushFake server (or one of its instances) a fleet talks to over HTTP: host, port and the path prefix
/// under which its vendor routes and `/__pushfake` live (`""`, or `/i/3` for an instance).
public struct FleetServer: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var prefix: String
    /// Sent to the admin API (clock, events stream) as `Authorization: Bearer …` when the server wants one.
    public var adminToken: String?

    public init(host: String, port: Int, prefix: String = "", adminToken: String? = nil) {
        (self.host, self.port, self.prefix, self.adminToken) = (host, port, prefix, adminToken)
    }

    /// `Host` (with the port) and, with an admin token, `Authorization`, as admin requests send them.
    var adminHeaders: [(String, String)] {
        let host = self.host.contains(":") ? "[\(self.host)]:\(port)" : "\(self.host):\(port)"
        return [("Host", host)] + (adminToken.map { [("Authorization", "Bearer " + $0)] } ?? [])
    }

    /// Reads `http://host:port[/prefix]`; `nil` for another scheme, a missing host or a port outside 1…65535.
    public init?(url: URL) {
        guard url.scheme?.lowercased() == "http", let host = url.host, !host.isEmpty else { return nil }
        let port = url.port ?? 80
        guard (1...65_535).contains(port) else { return nil }
        var prefix = url.path
        while prefix.hasSuffix("/") { prefix.removeLast() }
        self.init(host: host, port: port, prefix: prefix)
    }
}
