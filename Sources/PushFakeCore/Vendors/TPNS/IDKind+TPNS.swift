extension IDKind {
    /// A TPNS send (`5…`): one per element of a `pushnotifications` body.
    public static let tpnsNotification = IDKind(digit: 5, name: "tpnsNotification")
}
