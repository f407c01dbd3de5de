import Foundation
import PushFakeCore

/// Where and how a server forwards vendor requests: each vendor's upstream base URL, the mode, the timeout.
package struct UpstreamSettings: Sendable {
    /// The real service's base URL per vendor, as an SDK is given it (`https://tpns.example.com/TPNS`,
    /// `https://app.twinpush.com/api/v2`): the part of a request's path after the fake's base path for that vendor
    /// is appended to it. Vendors without one are answered by the fake.
    package var urls: [Vendor: URL]
    /// Forward only, or forward and apply to the local store.
    package var mode: ProxiedExchange.Mode
    /// Seconds a forwarded request may take, from sending it to the end of the answer; then the client gets a 504.
    package var timeout: Double
    /// The most bytes the upstream's answer may have; past them the client gets a 502 and the rest is not read.
    package var maximumResponseBytes: Int

    /// The range `--upstream-timeout` accepts, in seconds.
    package static let timeoutRange: ClosedRange<Double> = 0.1...600
    /// The range `--upstream-max-response-bytes` accepts.
    package static let maximumResponseBytesRange: ClosedRange<Int> = 1_024...(1 << 30)
    /// The answer-size cap by default: far above what TPNS or TwinPush answer, far below what hurts a shared server.
    package static let defaultMaximumResponseBytes = 16 << 20

    /// Creates settings; 30 s timeout, 16 MiB answers and proxy mode by default.
    package init(
        urls: [Vendor: URL], mode: ProxiedExchange.Mode = .proxy, timeout: Double = 30,
        maximumResponseBytes: Int = UpstreamSettings.defaultMaximumResponseBytes
    ) {
        self.urls = urls
        self.mode = mode
        self.timeout = min(max(timeout, Self.timeoutRange.lowerBound), Self.timeoutRange.upperBound)
        self.maximumResponseBytes = min(
            max(maximumResponseBytes, Self.maximumResponseBytesRange.lowerBound),
            Self.maximumResponseBytesRange.upperBound)
    }

    /// `text` as an upstream base URL: absolute `http` or `https`, a host, an optional port and path, and nothing
    /// else (no user, query or fragment); a trailing `/` is dropped. The problem otherwise, for a usage error.
    package static func baseURL(_ text: String) -> Result<URL, UpstreamURLError> {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return .failure(UpstreamURLError("is not an absolute URL"))
        }
        guard scheme == "http" || scheme == "https" else {
            return .failure(UpstreamURLError("must be http or https, not \(scheme)"))
        }
        guard let host = components.host, !host.isEmpty else { return .failure(UpstreamURLError("has no host")) }
        guard components.user == nil, components.password == nil else {
            return .failure(UpstreamURLError("must not carry a user or password"))
        }
        guard components.query == nil, components.fragment == nil else {
            return .failure(UpstreamURLError("must not have a query or fragment"))
        }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed) else { return .failure(UpstreamURLError("is not a valid URL")) }
        return .success(url)
    }
}

/// Why a text is not an upstream base URL.
package struct UpstreamURLError: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
