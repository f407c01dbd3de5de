import Foundation
import PushFakeCore

/// Who may use the admin API (`/__pushfake/`): the rules that keep a web page or another machine from reading or
/// resetting the fake. Vendor routes are always open.
///
/// - Without a token, only loopback clients are answered, and only when the `Host` header (or the authority of an
///   absolute-form target, which replaces it) is an IP literal, `localhost` (or a name under `.localhost`) or a name
///   in ``allowedHosts`` — so a page elsewhere cannot reach the fake through DNS rebinding.
/// - With a ``token``, every admin request must carry `Authorization: Bearer <token>`, from any client — except the
///   dashboard's page and its script and styles, which hold no data and which a browser opens without a header;
///   everything they fetch needs the token (docs/dashboard.md).
/// - ``open`` answers every client (a container on a private network); the `Host` rule still applies.
/// - Always: routes that change the fake take JSON or no body (no form or `text/plain` posts, which browsers send
///   cross-site without asking), and refuse an `Origin` other than the fake's own. No CORS headers are ever sent.
///
/// ```swift
/// var configuration = ServerConfiguration(host: "0.0.0.0")
/// configuration.adminAccess = AdminAccess(token: "s3cret")
/// ```
public struct AdminAccess: Sendable, Equatable {
    /// Required as `Authorization: Bearer <token>` on every admin request when set.
    public var token: String?
    /// Answer admin requests from any client, not only loopback ones.
    public var open: Bool
    /// Host names (without port) accepted in the `Host` header besides IP literals and `localhost`, e.g. a
    /// `docker compose` service name.
    public var allowedHosts: [String]

    /// Loopback clients only, no token, no extra host names (the default).
    public init(token: String? = nil, open: Bool = false, allowedHosts: [String] = []) {
        self.token = token
        self.open = open
        self.allowedHosts = allowedHosts
    }

    /// Why `request` from `peer` is refused, or `nil` when it may go on. `isStaticPage`: the request is for the
    /// dashboard's page or assets.
    package func refusal(
        of request: FakeRequest, from peer: PeerAddress, changesState: Bool, isStaticPage: Bool = false
    ) -> String? {
        if let token {
            // Bytes, in constant time: `Bearer s3cret\u{212A}` is not `Bearer s3cretK`, and how long the comparison
            // takes says nothing about how much of a guess was right (FakeBehaviour.md, Identity).
            let given = request.headers["Authorization"] ?? ""
            guard isStaticPage || given.hasSameBytesInConstantTime(as: "Bearer " + token) else {
                return "the admin API needs Authorization: Bearer <token> (pushfake serve --admin-token)"
            }
        } else {
            if !open, !peer.isLoopback {
                return "the admin API answers loopback clients only; start pushfake serve with --admin-token or "
                    + "--admin-open to let \(peer.host.isEmpty ? "other clients" : peer.host) in"
            }
            if let host = request.headers["Host"], !Self.isAllowed(host: host, extra: allowedHosts) {
                return "Host \(host) is not an IP address, localhost or a name allowed with --allow-host"
            }
        }
        guard changesState else { return nil }
        if let origin = request.headers["Origin"], !Self.isOwn(origin: origin, host: request.headers["Host"]) {
            return "cross-site request refused: Origin \(origin) is not this server"
        }
        if !request.body.isEmpty {
            let type = request.headers["Content-Type"]?.lowercased() ?? ""
            let mediaType = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard mediaType == "application/json" || mediaType == "application/x-ndjson" else {
                return "a request that changes the fake must send Content-Type: application/json"
                    + (mediaType.isEmpty ? "" : ", not \(mediaType)")
            }
        }
        return nil
    }

    /// IP literals (v4, bracketed v6), `localhost` and `*.localhost`, and the allowed names, in any case and with or
    /// without the trailing dot of an absolute name; the port, if any, must be 1–65535. The value is read strictly
    /// (``HostHeader``): `[evil.com]` or `[x]evil.com` is no IPv6 literal, and no host at all.
    static func isAllowed(host: String, extra: [String]) -> Bool {
        switch HostHeader(host)?.host {
        case .ipLiteral?: return true
        case .name(let name)?:
            if name == "localhost" || name.hasSuffix(".localhost") { return true }
            return extra.contains { HostHeader($0)?.host == .name(name) }
        case nil: return false
        }
    }

    /// The fake's own origin: `http://<Host>` (the dashboard is served from it).
    static func isOwn(origin: String, host: String?) -> Bool {
        guard let host else { return false }
        let lowered = origin.lowercased()
        return lowered == "http://" + host.lowercased() || lowered == "https://" + host.lowercased()
    }
}
