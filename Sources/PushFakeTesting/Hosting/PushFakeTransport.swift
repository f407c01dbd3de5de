import Foundation

/// How a test reaches its fake: over real HTTP, through a `URLProtocol` with no sockets, or on a `pushfake serve`
/// that runs outside the test process.
///
/// Run the same test body under both, the way Hummingbird's `app.test(.router)` / `.live` do:
/// ```swift
/// @Test(arguments: PushFakeTransport.allCases)
/// func registers(transport: PushFakeTransport) async throws {
///     try await withPushFake(transport) { fake in … }
/// }
/// ```
///
/// A struct with static members rather than an enum, so new transports can be added without breaking a `switch`
/// in user code.
public struct PushFakeTransport: Sendable, Hashable, CustomStringConvertible {
    /// The transports this version knows; new ones become new cases here and new static members below.
    enum Kind: Sendable, Hashable {
        case live
        case urlProtocol
        case remote(URL, adminToken: String?)
    }

    let kind: Kind

    /// A live HTTP/1.1 server on `127.0.0.1` with a port the kernel picks. Reachable from other processes (an app
    /// under UI test, an emulator, a backend) and from any HTTP client.
    public static let live = PushFakeTransport(kind: .live)
    /// `PushFakeURLProtocol`: requests never leave the process. Only sessions from `makeURLSession()` reach it.
    public static let urlProtocol = PushFakeTransport(kind: .urlProtocol)

    /// An isolated instance on a `pushfake serve` that is already running at `server` (started before the tests, by
    /// a scheme's pre-action or a CI step): the fixture creates the instance (`POST /__pushfake/instances`) when it
    /// starts and deletes it when it stops, and does everything else over the admin API.
    ///
    /// `adminToken` is sent as `Authorization: Bearer …` (for `pushfake serve --admin-token`); without it the
    /// fixture uses `$PUSHFAKE_ADMIN_TOKEN` when set.
    public static func remote(_ server: URL, adminToken: String? = nil) -> PushFakeTransport {
        PushFakeTransport(kind: .remote(server, adminToken: adminToken))
    }

    /// Every transport a test can run on by itself (both start their own fake): `[.live, .urlProtocol]`.
    public static var allCases: [PushFakeTransport] { [.live, .urlProtocol] }

    /// `live`, `urlProtocol` or `remote(http://…)`, so parameterised test names read well (the token is not shown).
    public var description: String {
        switch kind {
        case .live: return "live"
        case .urlProtocol: return "urlProtocol"
        case .remote(let server, _): return "remote(\(server.absoluteString))"
        }
    }
}
