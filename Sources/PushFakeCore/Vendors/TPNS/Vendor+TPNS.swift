extension Vendor {
    /// Telekom Push Notification Service, under `/TPNS/api/…`; also without `/TPNS` (FakeBehaviour.md, Common).
    public static let tpns = Vendor("tpns")
}

extension IDKind {
    /// A TPNS send (`5…`): one per element of a `pushnotifications` body.
    public static let tpnsNotification = IDKind(digit: 5, name: "tpnsNotification")
}

extension RequestMatcher {
    /// TPNS requests, of one operation when given: `.tpns(.register)`.
    public static func tpns(_ operation: Operation? = nil) -> RequestMatcher {
        var matcher = vendor(.tpns)
        matcher.operation = operation
        return matcher
    }
}
