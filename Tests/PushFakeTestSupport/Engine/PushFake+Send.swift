import PushFakeCore

extension PushFake {
    /// Drives the engine directly, with no transport: one request, its exchange back.
    @discardableResult
    package func send(
        _ method: String, _ target: String, json: String? = nil, headers: HTTPHeaders = [:]
    ) -> Exchange {
        handle(FakeRequest(method: method, target: target, headers: headers, body: Array((json ?? "").utf8)))
    }
}

extension Exchange {
    /// The answer's body parsed as JSON; `nil` when it is not JSON.
    package var json: JSON? { response.json }
    /// The answer's body decoded as UTF-8.
    package var bodyText: String { String(decoding: response.body, as: UTF8.self) }
}
