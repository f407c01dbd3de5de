extension TwinPushVendor {
    /// A register's device id and a created notification's id, from `objects[].id` (TwinPushWireProtocol.md §4).
    func learnedIDs(route: RouteMatch, upstreamAnswer: JSON) -> [(kind: IDKind, ids: [String])] {
        let ids = (upstreamAnswer["objects"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        switch route.operation {
        case .register: return [(.twinPushDevice, Array(ids.prefix(1)))]
        case .createNotification: return [(.twinPushNotification, ids)]
        default: return []
        }
    }
}
