import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay over `URLSession`: http and https, no cookies, no cache. URLSession frames the body itself and follows
/// redirects.
final class URLSessionTransport: ReplayTransport {
    private let session: URLSession
    private let timeout: Double

    init(timeout: Double, connections: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(6, connections)
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        session = URLSession(configuration: configuration)
        self.timeout = timeout
    }

    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    func send(_ replayed: ReplayRequest) async throws(ReplayError) -> LiveAnswer {
        let started = ContinuousClock.now
        func elapsed() -> Double {
            let duration = ContinuousClock.now - started
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        guard let url = URL(string: replayed.url) else {
            return LiveAnswer(
                status: 0, headers: HTTPHeaders(), body: [], failure: "cannot make a URL of \(replayed.url)",
                latency: 0)
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = replayed.method
        for header in replayed.headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
        if !replayed.body.isEmpty { request.httpBody = Data(replayed.body) }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                return LiveAnswer(
                    status: 0, headers: HTTPHeaders(), body: Array(data), failure: "not an HTTP response",
                    latency: elapsed())
            }
            var headers = HTTPHeaders()
            let fields = http.allHeaderFields.compactMap { key, value -> (String, String)? in
                guard let name = key as? String, let text = value as? String else { return nil }
                return (name, text)
            }
            for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
                headers.add(name: name, value: value)
            }
            return LiveAnswer(
                status: http.statusCode, headers: headers, body: Array(data), failure: nil, latency: elapsed())
        } catch let error as URLError where Self.unreachableCodes.contains(error.code) {
            throw ReplayError.unreachable(url: replayed.url, reason: error.localizedDescription)
        } catch {
            return LiveAnswer(
                status: 0, headers: HTTPHeaders(), body: [], failure: "\(error.localizedDescription)",
                latency: elapsed())
        }
    }

    /// Errors that mean no connection was made at all, as opposed to one that broke or timed out.
    private static let unreachableCodes: Set<URLError.Code> = [
        .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
        .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
    ]
}
