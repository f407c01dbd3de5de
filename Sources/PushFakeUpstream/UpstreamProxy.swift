import Dispatch
import Foundation
import PushFakeCore
import PushFakeHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Forwards vendor requests to the real service over URLSession and journals both sides: what
/// `pushfake serve --upstream-tpns URL --upstream-twinpush URL` puts in front of the engine (README, "Recordings and
/// replay").
///
/// A forwarded request answers ``ServerReply/deferred(_:timeout:timeoutResponse:)``: the I/O thread moves on, and
/// URLSession's completion (or the timeout, whichever comes first) journals the exchange through
/// ``PushFake/recordProxied(_:outcome:proxied:)`` and completes the reply. No client waits longer than
/// ``UpstreamSettings/timeout``. Requests under no vendor with an upstream, and admin requests, are left to the
/// server.
package final class UpstreamProxy: UpstreamForwarding {
    package let settings: UpstreamSettings
    private let session: URLSession

    /// Creates the proxy and its URLSession: ephemeral, no cookies, no cache, redirects passed back to the client.
    package init(_ settings: UpstreamSettings) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        // URLSession's own limit is a backstop: the proxy's timer answers first, to the millisecond.
        configuration.timeoutIntervalForRequest = settings.timeout + 5
        configuration.timeoutIntervalForResource = settings.timeout + 5
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        session = URLSession(configuration: configuration, delegate: RedirectsPassedBack(), delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
    }

    package func forward(_ request: FakeRequest, to engine: PushFake) -> ServerReply? {
        guard !settings.urls.isEmpty,
            let (vendor, rest) = engine.upstreamTarget(method: request.method, path: request.path),
            let base = settings.urls[vendor]
        else { return nil }
        let upstream = base.absoluteString
        let target = upstream + rest + (request.query.isEmpty ? "" : "?" + request.query)
        let mode = settings.mode
        guard let url = URL(string: target) else {
            let failure = ProxiedExchange(mode: mode, upstream: upstream, latency: 0, failure: "cannot make a URL")
            let (response, _) = engine.recordProxied(
                request, outcome: .failed(status: 502, cause: "cannot make a URL of \(target)"), proxied: failure)
            return .response(response)
        }
        var outgoing = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: settings.timeout + 5)
        outgoing.httpMethod = request.method
        for field in UpstreamHeaders.request(request.headers) {
            outgoing.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if !request.body.isEmpty { outgoing.httpBody = Data(request.body) }

        let deferred = DeferredResponse()
        let finished = Locked(false)
        let started = DispatchTime.now().uptimeNanoseconds
        // The completion and the timer race; the first one journals and answers, the other does nothing.
        let finish: @Sendable (PushFake.UpstreamOutcome) -> Void = { outcome in
            guard
                finished.withLock({ done in
                    defer { done = true }
                    return !done
                })
            else { return }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
            var failure: String?
            if case .failed(_, let cause) = outcome { failure = cause }
            let proxied = ProxiedExchange(mode: mode, upstream: upstream, latency: elapsed, failure: failure)
            let (response, _) = engine.recordProxied(request, outcome: outcome, proxied: proxied)
            deferred.complete(response)
        }
        let task = session.dataTask(with: outgoing) { data, response, error in
            if let error {
                let failure = UpstreamFailure(error)
                finish(.failed(status: failure.status, cause: failure.cause))
            } else if let http = response as? HTTPURLResponse {
                let fields = http.allHeaderFields.compactMap { key, value -> (name: String, value: String)? in
                    guard let name = key as? String, let text = value as? String else { return nil }
                    return (name, text)
                }
                finish(
                    .answered(
                        FakeResponse(
                            status: http.statusCode, headers: UpstreamHeaders.response(fields),
                            body: Array(data ?? Data()))))
            } else {
                finish(.failed(status: 502, cause: "the upstream's answer is not HTTP"))
            }
        }
        let timeout = settings.timeout
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            finish(.failed(status: 504, cause: "no answer within \(Self.seconds(timeout))"))
            task.cancel()
        }
        task.resume()
        // The connection's own limit only matters if neither the completion nor the timer ever runs.
        let backstop = FakeResponse.json(504, ["error": .string("upstream \(upstream) gave no answer")])
        return .deferred(deferred, timeout: timeout + 30, timeoutResponse: backstop)
    }

    /// `1 s`, `0.5 s`.
    package static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(exactly: value) ?? 0) s" : "\(value) s"
    }
}

/// A session delegate that hands redirects back to the client instead of following them, as a proxy must.
private final class RedirectsPassedBack: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
