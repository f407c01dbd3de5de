/// Errors PushFake throws for misuse and lifecycle problems (vendor errors are responses, not Swift errors).
///
/// A struct over a private enum, so new cases are not source-breaking.
public struct PushFakeError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Sendable, Equatable {
        case addressInUse(port: Int)
        case cannotBind(host: String, port: Int, errno: Int32)
        case cannotResolve(host: String)
        case cannotConnect(host: String, port: Int, errno: Int32)
        case notRunning
        case timedOut(String)
        case invalidConfiguration(String)
        case recordingMismatch(String)
    }

    private let kind: Kind

    /// The port is taken by another process.
    public static func addressInUse(port: Int) -> PushFakeError { PushFakeError(kind: .addressInUse(port: port)) }
    /// `bind`/`listen` failed for another reason.
    public static func cannotBind(host: String, port: Int, errno: Int32) -> PushFakeError {
        PushFakeError(kind: .cannotBind(host: host, port: port, errno: errno))
    }
    /// The host is not a numeric address or resolvable name.
    public static func cannotResolve(host: String) -> PushFakeError { PushFakeError(kind: .cannotResolve(host: host)) }
    /// Nothing accepted a connection at `host:port`.
    public static func cannotConnect(host: String, port: Int, errno: Int32) -> PushFakeError {
        PushFakeError(kind: .cannotConnect(host: host, port: port, errno: errno))
    }
    /// The server is not started.
    public static let notRunning = PushFakeError(kind: .notRunning)
    /// A wait ended before what it waited for happened.
    public static func timedOut(_ what: String) -> PushFakeError { PushFakeError(kind: .timedOut(what)) }
    /// A configuration value cannot be used.
    public static func invalidConfiguration(_ what: String) -> PushFakeError {
        PushFakeError(kind: .invalidConfiguration(what))
    }
    /// Recorded traffic and current traffic differ.
    public static func recordingMismatch(_ diff: String) -> PushFakeError {
        PushFakeError(kind: .recordingMismatch(diff))
    }

    /// A one-line message (several lines for a recording mismatch), e.g. `address in use: port 8080 is taken`.
    public var description: String {
        switch kind {
        case .addressInUse(let port): return "address in use: port \(port) is taken"
        case .cannotBind(let host, let port, let errno): return "cannot bind \(host):\(port) (errno \(errno))"
        case .cannotResolve(let host): return "cannot resolve host \(host)"
        case .cannotConnect(let host, let port, let errno): return "cannot connect to \(host):\(port) (errno \(errno))"
        case .notRunning: return "the server is not running"
        case .timedOut(let what): return "timed out waiting for \(what)"
        case .invalidConfiguration(let what): return "invalid configuration: \(what)"
        case .recordingMismatch(let diff): return "traffic differs from the recording:\n\(diff)"
        }
    }
}
