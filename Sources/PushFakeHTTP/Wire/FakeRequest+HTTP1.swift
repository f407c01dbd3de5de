import PushFakeCore
import PushFakeHTTP1

extension FakeRequest {
    /// The engine's view of a request the HTTP/1.1 parser read: the seam between the codec and PushFake.
    ///
    /// Costs one array for the header fields (the strings are shared, not copied); the body moves. An absolute-form
    /// target arrives as its path and query, its authority as the `Host` field (FakeBehaviour.md, "HTTP").
    package init(_ request: HTTP1Request) {
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(request.headers.count)
        for field in request.headers { fields.append(HTTPHeaders.Field(name: field.name, value: field.value)) }
        if let authority = request.targetAuthority {
            // An absolute-form target's authority replaces Host (RFC 9112 §3.2.2): the admin API's Host rule, the
            // URLs in answers and the journal all see the host the target names, in the Host field's place.
            if let index = fields.firstIndex(where: { HTTPHeaders.namesEqual($0.name, "Host") }) {
                fields[index].value = authority
            } else {
                fields.append(HTTPHeaders.Field(name: "Host", value: authority))
            }
        }
        self.init(
            method: request.method, target: request.target, headers: HTTPHeaders(fields), body: request.body,
            transport: .http)
    }
}
