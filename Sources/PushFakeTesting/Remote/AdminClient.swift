import Dispatch
import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Calls one admin API (`…/__pushfake` of a server or of an instance) over URLSession, with the admin token as
/// `Authorization: Bearer`. Every answer other than the ones a call expects becomes a ``PushFakeRemoteError``
/// naming the URL.
struct AdminClient: Sendable {
    /// `http://HOST:PORT/__pushfake` or `http://HOST:PORT/i/ID/__pushfake`.
    let root: URL
    let token: String?
    let session: URLSession

    /// A JSON answer.
    struct Answer: Sendable {
        let status: Int
        let json: JSON?
        /// The answer's `error` or `message`, or its text.
        var problem: String {
            json?["error"]?.stringValue ?? json?["message"]?.stringValue ?? json.map { $0.serializedString() } ?? ""
        }
    }

    /// The request for `path` under ``root`` (`journal`, `instances/3`).
    func request(
        _ method: String, _ path: String, query: [URLQueryItem], body: JSON?, timeout: TimeInterval
    ) -> URLRequest {
        var request = URLRequest(
            url: url(path, query: query), cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body.serializedString().utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// ``root`` with `path` and, percent-encoded, `query`.
    func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        let url = path.isEmpty ? root : root.appendingPathComponent(path)
        guard !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url
        }
        components.queryItems = query
        return components.url ?? url
    }

    /// Calls and blocks the calling thread until the answer comes (URLSession answers on its own threads) or
    /// `timeout` passes: the fixture's synchronous API (assertions, `inject`, `stop`) is built on this.
    /// - Throws: when the server cannot be reached or answers with a status not in `expected`.
    func call(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: JSON? = nil, expected: Set<Int> = [200],
        timeout: TimeInterval = 60
    ) throws(PushFakeRemoteError) -> Answer {
        let request = request(method, path, query: query, body: body, timeout: timeout)
        let outcome = Locked<(Data?, URLResponse?, (any Error)?)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            outcome.withLock { $0 = (data, response, error) }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 5) == .timedOut {
            task.cancel()
            throw failure(request, status: nil, "no answer within \(Int(timeout)) s")
        }
        let (data, response, error) = outcome.withLock { $0 } ?? (nil, nil, nil)
        return try answer(request, data: data, response: response, error: error, expected: expected)
    }

    /// The same call, suspending instead of blocking: what the fixture's async API (`withPushFake`'s start and end,
    /// `waitFor`, ``RunningPushFake/currentJournal()``) uses, so no thread of the cooperative pool waits for the
    /// network.
    func callAsync(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: JSON? = nil, expected: Set<Int> = [200],
        timeout: TimeInterval = 60
    ) async throws(PushFakeRemoteError) -> Answer {
        let request = request(method, path, query: query, body: body, timeout: timeout)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw unreachable(request, error)
        }
        return try answer(request, data: data, response: response, error: nil, expected: expected)
    }

    private func answer(
        _ request: URLRequest, data: Data?, response: URLResponse?, error: (any Error)?, expected: Set<Int>
    ) throws(PushFakeRemoteError) -> Answer {
        guard let http = response as? HTTPURLResponse else { throw unreachable(request, error) }
        let json = data.flatMap { try? JSON.parse(Array($0)) }
        let answer = Answer(status: http.statusCode, json: json)
        guard expected.contains(http.statusCode) else {
            switch http.statusCode {
            case 401, 403:
                throw failure(
                    request, status: http.statusCode,
                    "the admin API refused the fixture (\(http.statusCode): \(answer.problem)); pass the server's "
                        + "admin token with .remote(url, adminToken:) or PUSHFAKE_ADMIN_TOKEN")
            case 404 where json?["knownRoutes"] == nil && json?["error"] == nil:
                throw failure(request, status: 404, "not found; is this a pushfake serve?")
            default:
                throw failure(request, status: http.statusCode, "answered \(http.statusCode): \(answer.problem)")
            }
        }
        return answer
    }

    private func unreachable(_ request: URLRequest, _ error: (any Error)?) -> PushFakeRemoteError {
        let reason = error.map { "\($0.localizedDescription)" } ?? "no HTTP answer"
        return failure(
            request, status: nil,
            "cannot reach the server (\(reason)); start it before the tests, e.g. pushfake serve --port 8089")
    }

    private func failure(_ request: URLRequest, status: Int?, _ message: String) -> PushFakeRemoteError {
        let method = request.httpMethod ?? "GET"
        return PushFakeRemoteError(url: request.url ?? root, status: status, message: "\(method): \(message)")
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
