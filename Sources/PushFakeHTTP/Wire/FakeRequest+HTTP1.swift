import PushFakeCore
import PushFakeHTTP1

extension FakeRequest {
    /// The engine's view of a request the HTTP/1.1 parser read: the seam between the codec and PushFake.
    ///
    /// Costs one array for the header fields (the strings are shared, not copied); the body moves.
    package init(_ request: HTTP1Request) {
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(request.headers.count)
        for field in request.headers { fields.append(HTTPHeaders.Field(name: field.name, value: field.value)) }
        self.init(
            method: request.method, target: request.target, headers: HTTPHeaders(fields), body: request.body,
            transport: .http)
    }
}
