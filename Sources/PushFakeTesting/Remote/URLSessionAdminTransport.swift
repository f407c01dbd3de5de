import Dispatch
import Foundation
import PushFakeCore
import PushFakeHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The typed admin client over URLSession: what a `.remote` fixture steers its instance with.
typealias RemoteAdmin = AdminClient<URLSessionAdminTransport>

/// ``AdminTransport`` over URLSession, with the admin token as `Authorization: Bearer`: blocking (the fixture's
/// synchronous API: assertions, `inject`, `stop`, on the caller's own thread) or suspending (its async API, so no
/// thread of the cooperative pool waits for the network).
struct URLSessionAdminTransport: AsyncAdminTransport {
    /// `http://HOST:PORT` or `http://HOST:PORT/i/ID`: the admin API is under its `/__pushfake`.
    let root: URL
    let token: String?
    let session: URLSession

    var baseURL: String {
        var text = root.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The URL of `target` (path and query, already encoded) under ``root``.
    func url(_ target: String) -> URL { URL(string: baseURL + target) ?? root }

    private func urlRequest(_ request: AdminHTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(
            url: url(request.target), cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        if let token { urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body = request.body {
            urlRequest.httpBody = Data(body)
            urlRequest.setValue(request.contentType, forHTTPHeaderField: "Content-Type")
        }
        return urlRequest
    }

    /// Blocks the calling thread until the answer comes (URLSession answers on its own threads) or the request's
    /// timeout passes.
    func exchange(_ request: AdminHTTPRequest) throws(AdminClientError) -> AdminHTTPResponse {
        let outcome = Locked<(Data?, URLResponse?, (any Error)?)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest(request)) { data, response, error in
            outcome.withLock { $0 = (data, response, error) }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + request.timeout + 5) == .timedOut {
            task.cancel()
            throw failure(request, "no answer within \(Int(request.timeout)) s")
        }
        let (data, response, error) = outcome.withLock { $0 } ?? (nil, nil, nil)
        return try answer(request, data: data, response: response, error: error)
    }

    /// The same exchange, suspending instead of blocking.
    func exchange(_ request: AdminHTTPRequest) async throws(AdminClientError) -> AdminHTTPResponse {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest(request))
        } catch {
            throw unreachable(request, error)
        }
        return try answer(request, data: data, response: response, error: nil)
    }

    private func answer(_ request: AdminHTTPRequest, data: Data?, response: URLResponse?, error: (any Error)?)
        throws(AdminClientError) -> AdminHTTPResponse
    {
        guard let http = response as? HTTPURLResponse else { throw unreachable(request, error) }
        return AdminHTTPResponse(status: http.statusCode, body: data.map { Array($0) } ?? [])
    }

    private func unreachable(_ request: AdminHTTPRequest, _ error: (any Error)?) -> AdminClientError {
        let reason = error.map { "\($0.localizedDescription)" } ?? "no HTTP answer"
        return failure(
            request, "cannot reach the server (\(reason)); start it before the tests, e.g. pushfake serve --port 8089")
    }

    private func failure(_ request: AdminHTTPRequest, _ message: String) -> AdminClientError {
        AdminClientError(url: baseURL + request.target, method: request.method, status: nil, message: message)
    }
}

extension AdminClient where Transport == URLSessionAdminTransport {
    /// A client of the admin API at `root` (a server's or an instance's base URL).
    init(root: URL, token: String?, session: URLSession, vendors: VendorRegistry) {
        self.init(
            transport: URLSessionAdminTransport(root: root, token: token, session: session),
            context: WireContext(vendors: vendors))
    }

    /// Calls `operation`, blocking the calling thread, and reads its output; an answer outside `expected` is a
    /// ``PushFakeRemoteError`` naming the URL and what to do.
    func exchange<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, expected: Set<Int> = [200], timeout: Double = 60
    ) throws(PushFakeRemoteError) -> (status: Int, output: Output) {
        let request = request(operation, input, timeout: timeout)
        do throws(AdminClientError) {
            let response = try checked(request, try transport.exchange(request), expected)
            return (response.status, try read(operation, request, response, expecting: expected))
        } catch {
            throw Self.remote(error)
        }
    }

    /// The same call, suspending instead of blocking.
    func exchange<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, expected: Set<Int> = [200], timeout: Double = 60
    ) async throws(PushFakeRemoteError) -> (status: Int, output: Output) {
        let request = request(operation, input, timeout: timeout)
        do throws(AdminClientError) {
            let response = try checked(request, try await transport.exchange(request), expected)
            return (response.status, try read(operation, request, response, expecting: expected))
        } catch {
            throw Self.remote(error)
        }
    }

    /// Calls `operation` for its effect, blocking: the status, one of `expected` (an error answer among them, such
    /// as 404 for a fault rule already gone, has no output to read).
    @discardableResult
    func status<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, expected: Set<Int> = [200]
    ) throws(PushFakeRemoteError) -> Int {
        let request = request(operation, input)
        do throws(AdminClientError) {
            return try checked(request, try transport.exchange(request), expected).status
        } catch {
            throw Self.remote(error)
        }
    }

    /// The same call, suspending instead of blocking.
    @discardableResult
    func status<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, expected: Set<Int> = [200]
    ) async throws(PushFakeRemoteError) -> Int {
        let request = request(operation, input)
        do throws(AdminClientError) {
            return try checked(request, try await transport.exchange(request), expected).status
        } catch {
            throw Self.remote(error)
        }
    }

    /// The answer when its status is one of `expected`; else the error, with the fixture's advice for refusals and
    /// servers that are not PushFake.
    private func checked(_ request: AdminHTTPRequest, _ response: AdminHTTPResponse, _ expected: Set<Int>)
        throws(AdminClientError) -> AdminHTTPResponse
    {
        let status = response.status
        guard !expected.contains(status) else { return response }
        let json = response.json
        let problem =
            json?["error"]?.stringValue ?? json?["message"]?.stringValue ?? json.map { $0.serializedString() } ?? ""
        switch status {
        case 401, 403:
            throw failure(
                request, status: status,
                "the admin API refused the fixture (\(status): \(problem)); pass the server's admin token with "
                    + ".remote(url, adminToken:) or PUSHFAKE_ADMIN_TOKEN")
        case 404 where json?["knownRoutes"] == nil && json?["error"] == nil:
            throw failure(request, status: 404, "not found; is this a pushfake serve?")
        default:
            throw failure(request, status: status, "answered \(status): \(problem)")
        }
    }

    /// The fixture's error for a client error: `METHOD: message` at the request's URL.
    static func remote(_ error: AdminClientError) -> PushFakeRemoteError {
        PushFakeRemoteError(
            url: URL(string: error.url) ?? URL(fileURLWithPath: "/"), status: error.status,
            message: "\(error.method): \(error.message)")
    }
}

/// Which admin token a `.remote` fixture sends as `Authorization: Bearer`.
package enum RemoteAdminToken {
    /// The one the transport was given, else `PUSHFAKE_ADMIN_TOKEN` when set and not empty, else none.
    package static func resolve(
        given: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        given ?? environment["PUSHFAKE_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
