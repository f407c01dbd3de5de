/// How a test reaches its fake: over real HTTP, or through a `URLProtocol` with no sockets.
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
    }

    let kind: Kind

    /// A live HTTP/1.1 server on `127.0.0.1` with a port the kernel picks. Reachable from other processes (an app
    /// under UI test, an emulator, a backend) and from any HTTP client.
    public static let live = PushFakeTransport(kind: .live)
    /// `PushFakeURLProtocol`: requests never leave the process. Only sessions from `makeURLSession()` reach it.
    public static let urlProtocol = PushFakeTransport(kind: .urlProtocol)

    /// Every transport a test can run on by itself (both start their own fake): `[.live, .urlProtocol]`.
    public static var allCases: [PushFakeTransport] { [.live, .urlProtocol] }

    /// `live` or `urlProtocol`, so parameterised test names read well.
    public var description: String {
        switch kind {
        case .live: return "live"
        case .urlProtocol: return "urlProtocol"
        }
    }
}
