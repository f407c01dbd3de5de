import PushFakeCore

/// One admin request as the typed client (``AdminClient``) builds it from an operation and its input.
package struct AdminHTTPRequest: Sendable {
    package var method: String
    /// The origin-form target: path (parameters percent-encoded) and query (`/i/3/__pushfake/faults/fault-1`).
    package var target: String
    package var body: [UInt8]?
    package var contentType: String
    /// Seconds to wait for the answer.
    package var timeout: Double
}

/// An admin answer: status and body, whatever they are.
package struct AdminHTTPResponse: Sendable {
    package var status: Int
    package var body: [UInt8]

    package init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    /// The body as JSON, `nil` when it is not.
    package var json: JSON? { try? JSON.parse(body) }
    /// The body as text.
    package var text: String { String(decoding: body, as: UTF8.self) }
    /// The answer's `error` (or `message`) text, else its body.
    package var problem: String { json?["error"]?.stringValue ?? json?["message"]?.stringValue ?? text }
}

/// Why an admin call failed: the server could not be reached (`status` `nil`), answered a status the call does not
/// expect, or answered a body the operation's output cannot read. Names the URL, the status and the server's
/// `error` text.
package struct AdminClientError: Error, Sendable, CustomStringConvertible {
    /// The request's URL (`http://127.0.0.1:8089/__pushfake/journal`).
    package let url: String
    package let method: String
    /// The answer's status; `nil` when none came.
    package let status: Int?
    /// What went wrong: the server's `error` text, or why no answer came.
    package let message: String

    package init(url: String, method: String, status: Int?, message: String) {
        self.url = url
        self.method = method
        self.status = status
        self.message = message
    }

    package var description: String {
        "\(method) \(url): " + (status.map { "answered \($0): \(message)" } ?? message)
    }
}

/// How the typed client reaches a server: blocking the calling thread until the answer comes.
package protocol AdminTransport: Sendable {
    /// `http://HOST:PORT` with the instance's path, for messages (`http://127.0.0.1:8089/i/3`).
    var baseURL: String { get }
    /// Sends the request and blocks until its answer; no answer is an ``AdminClientError`` with no status.
    func exchange(_ request: AdminHTTPRequest) throws(AdminClientError) -> AdminHTTPResponse
}

/// A transport that can also suspend instead of blocking (URLSession's), for callers on Swift's cooperative pool.
package protocol AsyncAdminTransport: AdminTransport {
    func exchange(_ request: AdminHTTPRequest) async throws(AdminClientError) -> AdminHTTPResponse
}
