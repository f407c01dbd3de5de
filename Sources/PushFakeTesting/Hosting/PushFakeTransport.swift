/// How a test reaches its fake: over real HTTP, or through a `URLProtocol` with no sockets.
///
/// Run the same test body under both, the way Hummingbird's `app.test(.router)` / `.live` do:
/// ```swift
/// @Test(arguments: PushFakeTransport.allCases)
/// func registers(transport: PushFakeTransport) async throws {
///     try await withPushFake(transport) { fake in … }
/// }
/// ```
public enum PushFakeTransport: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A live HTTP/1.1 server on `127.0.0.1` with a port the kernel picks. Reachable from other processes (an app
    /// under UI test, an emulator, a backend) and from any HTTP client.
    case live
    /// `PushFakeURLProtocol`: requests never leave the process. Only sessions from `makeURLSession()` reach it.
    case urlProtocol

    /// `live` or `urlProtocol`, so parameterised test names read well.
    public var description: String { rawValue }
}
