import Foundation

/// A `.remote` fake's server could not be reached, refused the admin token, or answered a fixture call with an
/// error. The text names the request's URL and what to do.
public struct PushFakeRemoteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The admin URL the fixture called, e.g. `http://127.0.0.1:8089/__pushfake/instances`.
    public let url: URL
    /// The answer's HTTP status; `nil` when there was no answer.
    public let status: Int?
    /// What went wrong and, where it helps, what to do.
    public let message: String

    /// `PushFake at <url>: <message>`.
    public var description: String { "PushFake at \(url.absoluteString): \(message)" }
}
