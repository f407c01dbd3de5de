import Foundation
import PushFakeCore
import PushFakeFetch

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay over `URLSession`: http and https, no cookies, no cache. URLSession frames the body itself and follows
/// redirects. Every exchange ends by its deadline and holds at most the response-size cap (``BoundedSession``).
final class URLSessionTransport: ReplayTransport {
    private let session: BoundedSession
    private let limits: BoundedSession.Limits

    init(timeout: Double, maximumResponseBytes: Int, connections: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(6, connections)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        session = BoundedSession(configuration: configuration, longestDeadline: timeout, followsRedirects: true)
        limits = BoundedSession.Limits(deadline: timeout, maximumBytes: maximumResponseBytes)
    }

    func invalidate() {
        session.invalidate()
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
        let request = FetchRequest(method: replayed.method, url: url, headers: replayed.headers, body: replayed.body)
        switch await session.fetch(request, limits: limits) {
        case .answered(let status, let fields, let body):
            var headers = HTTPHeaders()
            for (name, value) in fields.sorted(by: { $0.name.lowercased() < $1.name.lowercased() }) {
                headers.add(name: name, value: value)
            }
            return LiveAnswer(status: status, headers: headers, body: body, failure: nil, latency: elapsed())
        case .failed(.deadline(let seconds)):
            return LiveAnswer(
                status: 0, headers: HTTPHeaders(), body: [],
                failure: "no complete answer within \(ReplayOptions.seconds(seconds)), the timeout (--timeout)",
                latency: elapsed(), limit: .timeout)
        case .failed(.tooLarge(let limit)):
            return LiveAnswer(
                status: 0, headers: HTTPHeaders(), body: [],
                failure: "the answer passed \(limit) bytes, the response-size limit (--max-response-bytes)",
                latency: elapsed(), limit: .maximumResponseBytes)
        case .failed(.transport(let error as URLError)) where Self.unreachableCodes.contains(error.code):
            throw ReplayError.unreachable(url: replayed.url, reason: error.localizedDescription)
        case .failed(.transport(let error)):
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
