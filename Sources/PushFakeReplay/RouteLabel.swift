import PushFakeCore

/// The route a drift report counts an exchange under: `METHOD /template` when the recording names the route,
/// else the method and the path with id-like segments and placeholders as `{id}`.
enum RouteLabel {
    static func label(for exchange: RecordedExchange) -> String {
        if let route = exchange.route, !route.isEmpty { return "\(exchange.method) \(route)" }
        let segments = exchange.path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            let text = String(segment)
            let idLike = text.contains(where: \.isNumber) && IDSubstitutions.isIDLike(text)
            return idLike || text.hasPrefix(SecretPlaceholder.prefix) ? "{id}" : text
        }
        return "\(exchange.method) \(segments.joined(separator: "/"))"
    }
}
