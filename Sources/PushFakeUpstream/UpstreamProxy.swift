import Dispatch
import Foundation
import PushFakeCore
import PushFakeFetch
import PushFakeHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Forwards vendor requests to the real service over URLSession and journals both sides: what
/// `pushfake serve --upstream-tpns URL --upstream-twinpush URL` puts in front of the engine (docs/recordings.md,
/// "The proxy").
///
/// A forwarded request answers ``ServerReply/deferred(_:timeout:timeoutResponse:)``: the I/O thread moves on, and the
/// exchange's end journals it through ``PushFake/recordProxied(_:outcome:proxied:)`` and completes the reply. Each
/// exchange is bounded (``BoundedSession``): no client waits longer than ``UpstreamSettings/timeout`` (then a 504),
/// and no more than ``UpstreamSettings/maximumResponseBytes`` of an answer is held (past them a 502, the rest unread),
/// both in the vendor's error shape. Requests under no vendor with an upstream, and admin requests, are left to the
/// server.
package final class UpstreamProxy: UpstreamForwarding {
    package let settings: UpstreamSettings
    private let session: BoundedSession

    /// Creates the proxy and its session: ephemeral, no cookies, no cache, redirects passed back to the client.
    package init(_ settings: UpstreamSettings) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        session = BoundedSession(
            configuration: configuration, longestDeadline: settings.timeout, followsRedirects: false)
    }

    deinit {
        session.invalidate()
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
        let outgoing = FetchRequest(
            method: request.method, url: url,
            headers: UpstreamHeaders.request(request.headers).map { ($0.name, $0.value) }, body: request.body)

        let deferred = DeferredResponse()
        let started = DispatchTime.now().uptimeNanoseconds
        let limits = BoundedSession.Limits(deadline: settings.timeout, maximumBytes: settings.maximumResponseBytes)
        session.start(outgoing, limits: limits) { outcome in
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
            let result: PushFake.UpstreamOutcome
            switch outcome {
            case .answered(let status, let fields, let body):
                result = .answered(
                    FakeResponse(status: status, headers: UpstreamHeaders.response(fields), body: body))
            case .failed(.deadline(let seconds)):
                result = .failed(status: 504, cause: "no answer within \(Self.seconds(seconds))")
            case .failed(.tooLarge(let limit)):
                result = .failed(
                    status: 502,
                    cause: "the answer passed \(limit) bytes (--upstream-max-response-bytes); the rest was not read")
            case .failed(.transport(let error)):
                let failure = UpstreamFailure(error)
                result = .failed(status: failure.status, cause: failure.cause)
            }
            var failure: String?
            if case .failed(_, let cause) = result { failure = cause }
            let proxied = ProxiedExchange(mode: mode, upstream: upstream, latency: elapsed, failure: failure)
            let (response, _) = engine.recordProxied(request, outcome: result, proxied: proxied)
            deferred.complete(response)
        }
        // The connection's own limit only matters if the exchange never ends, which its deadline prevents.
        let backstop = FakeResponse.json(504, ["error": .string("upstream \(upstream) gave no answer")])
        return .deferred(deferred, timeout: settings.timeout + 30, timeoutResponse: backstop)
    }

    /// `1 s`, `0.5 s`.
    package static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(exactly: value) ?? 0) s" : "\(value) s"
    }
}
