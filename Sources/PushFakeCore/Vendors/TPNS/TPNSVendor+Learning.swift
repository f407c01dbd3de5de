extension TPNSVendor {
    /// A send's notification ids, one per message, from `results[].notificationId` (TPNSWireProtocol.md §7).
    func learnedIDs(route: RouteMatch, upstreamAnswer: JSON) -> [(kind: IDKind, ids: [String])] {
        guard route.operation == .pushNotifications else { return [] }
        let results = upstreamAnswer["results"]?.arrayValue ?? []
        return [(.tpnsNotification, results.compactMap { $0["notificationId"]?.stringValue })]
    }
}
