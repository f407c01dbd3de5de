import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request through URLSession, as an app, a backend or a script sends it to a server under test.
///
/// ```swift
/// let answer = try await HTTPRequest("POST", server.baseURL.appendingPathComponent("__pushfake/reset")).send()
/// ```
package struct HTTPRequest: Sendable {
    package var method: String
    package var url: URL
    /// The body, sent as UTF-8; `nil` sends none.
    package var body: String?
    /// Sent as `Content-Type` with a body (unless `headers` name one); `nil` sends none.
    package var contentType: String?
    package var headers: [String: String]

    package init(
        _ method: String, _ url: URL, body: String? = nil, contentType: String? = "application/json",
        headers: [String: String] = [:]
    ) {
        self.method = method
        self.url = url
        self.body = body
        self.contentType = contentType
        self.headers = headers
    }

    /// Sends the request on `session`, or on an ephemeral session of its own (no cache, no cookies) that is
    /// invalidated afterwards.
    package func send(on session: URLSession? = nil) async throws -> HTTPAnswer {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let own = session == nil ? URLSession(configuration: .ephemeral) : nil
        defer { own?.finishTasksAndInvalidate() }
        let (data, response) = try await (session ?? own ?? .shared).data(for: request)
        guard let http = response as? HTTPURLResponse else { throw TestSupportError("\(method) \(url): not HTTP") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return HTTPAnswer(status: http.statusCode, headers: fields, body: Array(data))
    }
}

/// What a server answered to an ``HTTPRequest``.
package struct HTTPAnswer: Sendable {
    package var status: Int
    /// The header fields, named as URLSession reports them.
    package var headers: [String: String]
    package var body: [UInt8]

    /// The body decoded as UTF-8.
    package var text: String { String(decoding: body, as: UTF8.self) }
    /// The body parsed as JSON; `nil` when it is not JSON.
    package var json: JSON? { try? JSON.parse(body) }

    /// The value of the header named `name`, in any case.
    package func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

extension URL {
    /// `text` as a URL, or an error naming it: for URLs a test builds from a server's address.
    package init(validating text: String) throws {
        guard let url = URL(string: text) else { throw TestSupportError("not a URL: \(text)") }
        self = url
    }
}
