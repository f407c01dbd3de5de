import PushFakeHTTP

extension LoopbackHTTPClient {
    /// One request on a connection of its own to `127.0.0.1:port`, blocking until the answer is read; throws when
    /// the connection fails or no answer comes within `receiveTimeout` seconds of a read.
    ///
    /// The framing is ``LoopbackHTTPClient/request(_:_:body:headers:)``'s: `Host: 127.0.0.1` and, for a body,
    /// `Content-Type: application/json` unless `headers` name them.
    package static func exchange(
        port: Int, _ method: String, _ target: String, body: String? = nil, headers: [(String, String)] = [],
        receiveTimeout: Double = 60
    ) throws -> Response {
        let client = try LoopbackHTTPClient(port: port, receiveTimeout: receiveTimeout)
        return try TestSupportError.required(
            client.request(method, target, body: body, headers: headers), "no answer to \(method) \(target)")
    }
}
