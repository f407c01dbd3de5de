import PushFakeCore

/// ``AdminTransport`` over the repo's ``LoopbackHTTPClient``: one connection per call, blocking the calling thread.
/// For the CLI and fleets. Sends `Host` as the URL names the server (a compose service name passes the server's
/// Host rule only when it was allowed there) and the admin token as `Authorization: Bearer`.
package struct LoopbackAdminTransport: AdminTransport {
    package let host: String
    package let port: Int
    /// The URL's path, without a trailing `/`: empty for the server, `/i/<id>` for an instance.
    package let basePath: String
    package let token: String?
    /// The URL as the user gave it, for messages.
    package let url: String

    package init(host: String, port: Int, basePath: String = "", token: String? = nil, url: String? = nil) {
        self.host = host
        self.port = port
        self.basePath = basePath
        self.token = token
        self.url = url ?? "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(basePath)"
    }

    package var baseURL: String { "http://\(hostHeader)\(basePath)" }

    /// `Host` and, when there is one, `Authorization`.
    package var headers: [(String, String)] {
        [("Host", hostHeader)] + (token.map { [("Authorization", "Bearer " + $0)] } ?? [])
    }

    private var hostHeader: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    package func exchange(_ request: AdminHTTPRequest) throws(AdminClientError) -> AdminHTTPResponse {
        let client: LoopbackHTTPClient
        do {
            client = try LoopbackHTTPClient(host: host, port: port, receiveTimeout: request.timeout)
        } catch {
            throw AdminClientError(
                url: url, method: request.method, status: nil, message: "cannot reach \(url): \(error)")
        }
        var headers = headers
        if request.body != nil { headers.append(("Content-Type", request.contentType)) }
        guard
            let response = client.request(
                request.method, basePath + request.target,
                body: request.body.map { String(decoding: $0, as: UTF8.self) },
                headers: headers)
        else {
            throw AdminClientError(url: url, method: request.method, status: nil, message: "no response from \(url)")
        }
        return AdminHTTPResponse(status: response.status, body: response.body)
    }
}
