import PushFakeCore
import PushFakeHTTP1

extension FakeRequest {
    /// The engine's view of a request the HTTP/1.1 parser read: the seam between the codec and PushFake.
    ///
    /// Both speak the one header type, so the fields and the body move over without a copy. An absolute-form target
    /// arrives as its path and query, its authority as the `Host` field (FakeBehaviour.md, "HTTP").
    package init(_ request: consuming HTTP1Request) {
        // Swapped out, not copied: the header array and the body change owner without a retain of what they hold.
        var headers = HTTPHeaders()
        swap(&headers, &request.headers)
        if let authority = request.targetAuthority {
            // An absolute-form target's authority replaces Host (RFC 9112 §3.2.2): the admin API's Host rule, the
            // URLs in answers and the journal all see the host the target names, in the Host field's place.
            headers.setFirst(name: "Host", value: authority)
        }
        var body: [UInt8] = []
        swap(&body, &request.body)
        self.init(method: request.method, target: request.target, headers: headers, body: body, transport: .http)
    }
}
