extension Vendor {
    /// Telekom Push Notification Service, under `/TPNS/api/…`; also without `/TPNS` (FakeBehaviour.md, Common).
    public static let tpns = Vendor("tpns")
}
