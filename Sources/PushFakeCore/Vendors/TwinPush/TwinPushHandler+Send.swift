import Foundation

extension TwinPushHandler {
    /// Delivers scheduled notifications whose `send_since` has passed (``VendorServices/now``), oldest first.
    /// Targets are resolved at this moment (a device registered while the notification waited gets it too) and the
    /// deliveries are dated `send_since`. ``TwinPushVendor`` runs this as its clock tick: after `advanceClock` /
    /// `setClock`, and before each request on a real clock.
    static func releaseDue(state: inout TwinPushState, services: inout VendorServices) {
        while let id = state.scheduled.first {
            guard let record = state.notifications[id] else {
                state.scheduled.removeFirst()
                continue
            }
            let sendSince = record.notification.sendSince
            guard sendSince <= services.now else { return }
            state.scheduled.removeFirst()
            var notes: [String] = []
            send(id, at: sendSince, state: &state, services: &services, notes: &notes)
        }
    }

    /// Sends a notification now: one delivery per targeted device with a push token (carrying the exact platform
    /// payload, its badge raised first), one alias inbox item per alias among the targets when `inbox` is set, and
    /// the report counts. Devices without a token get no delivery but still feed the alias inbox.
    static func send(
        _ id: String, at time: Date, state: inout TwinPushState, services: inout VendorServices,
        notes: inout [String]
    ) {
        guard let record = state.notifications[id] else { return }
        let notification = record.notification
        let targets = resolveTargets(record, state: state, notes: &notes)
        var payloads: [WireKey: TwinPushPayload] = [:]
        func payload(for key: String?) -> TwinPushPayload {
            let cacheKey = key ?? ""
            if let cached = payloads[cacheKey] { return cached }
            let made = TwinPushPayload(
                notificationID: id, content: record.content(forKey: key), sound: notification.sound,
                mutableContent: notification.mutableContent)
            payloads[cacheKey] = made
            return made
        }
        let base = payload(for: nil)
        var trim = TwinPushAlertTrim(
            notificationID: id, sound: notification.sound, mutableContent: notification.mutableContent)
        var trimmed = 0
        var inboxAliases: [(alias: String, key: String?)] = []
        var seenAliases = Set<WireKey>(minimumCapacity: notification.inbox ? targets.count : 0)
        var delivered = 0
        var skipped = 0
        var errors: [TwinPush.Notification.ReportError] = []
        var reasons: [String] = []
        services.reserveDeliveryCapacity(forAdditional: targets.count)
        for (index, key) in targets {
            if notification.inbox, let alias = state.alias(index),
                seenAliases.insert(alias).inserted
            {
                inboxAliases.append((alias, key))
            }
            guard let token = state.pushToken(index) else {
                skipped += 1
                continue
            }
            let payload = key == nil ? base : payload(for: key)
            var badge: Int?
            if let modifier = payload.badge {
                let raised = modifier.applied(to: state.records[index].badge)
                state.records[index].badge = raised
                badge = raised
            }
            let deviceID = state.deviceID(index)
            let platform = state.deliveryPlatform(index)
            var bytes = payload.bytes(for: platform, badge: badge, deviceID: deviceID)
            var deliveryNotes: [String] = []
            var fitted = false
            if bytes.count > platform.payloadLimit {
                let content = record.content(forKey: key)
                if let cut = trim.fit(content, key: key, platform: platform, badge: badge, deviceID: deviceID) {
                    deliveryNotes.append(
                        "alert trimmed from \(content.alert.unicodeScalars.count) to \(cut.alertLength) "
                            + "characters to fit the \(platform.payloadLimit)-byte limit (\(bytes.count) bytes untrimmed)"
                    )
                    bytes = cut.bytes
                    trimmed += 1
                    fitted = true
                }
            }
            var made = Delivery(
                id: services.nextID(.delivery), vendor: .twinPush, app: notification.appID, notificationID: id,
                deviceID: deviceID, platform: platform, token: token, payload: bytes, status: .delivered,
                createdAt: time)
            made.notes = deliveryNotes
            // A trimmed payload has another alert than the content's template (maybe an empty one): checked as is.
            let deliveryID = made.id
            let status = services.store(
                made, contentLike: fitted ? nil : payload.checkTemplate(for: platform, withBadge: badge != nil))
            state.records[index].received.append(.init(notificationID: id, deliveryID: deliveryID))
            if case .failed(let reason) = status {
                if let failed = services.lastRecorded { errors.append(reportError(failed)) }
                if !reasons.contains(reason) { reasons.append(reason) }
            } else {
                delivered += 1
            }
        }
        state.addToInboxes(
            inboxAliases.map { alias, key in
                TwinPush.InboxItem(
                    id: services.nextID(.twinPushInboxItem), appID: notification.appID, alias: alias,
                    notificationID: id, createdAt: time, overrideKey: key)
            })
        state.notifications[id]?.notification.status = .sent
        state.notifications[id]?.notification.lastSentAt = time
        state.notifications[id]?.notification.deliveryCount += delivered
        state.notifications[id]?.notification.errors += errors
        notes.append(
            "notification \(id): \(delivered) delivered"
                + (trimmed == 0 ? "" : ", \(trimmed) with the alert trimmed to fit")
                + (errors.isEmpty ? "" : ", \(errors.count) failed (\(reasons.joined(separator: ", ")))")
                + (skipped == 0 ? "" : ", \(skipped) devices without push_token skipped")
                + (inboxAliases.isEmpty ? "" : ", \(inboxAliases.count) alias inboxes"))
    }

    /// The report's error for a delivery the push network would refuse: its reason as `key`, the check's message
    /// naming the device.
    private static func reportError(_ delivery: Delivery) -> TwinPush.Notification.ReportError {
        let rejection = delivery.problems.first { $0.severity == .rejected }
        var reason = rejection?.code ?? "Failed"
        if case .failed(let failure) = delivery.status { reason = failure }
        let message = rejection?.message ?? "The delivery failed (\(reason))"
        // DOCS: the report's platform is "ios", "android" or "all"; Huawei devices are Android devices.
        return TwinPush.Notification.ReportError(
            platform: delivery.platform.isApple ? "ios" : "android", level: "error", key: reason,
            message: "\(message) (device \(delivery.deviceID))", createdAt: delivery.createdAt,
            deviceID: delivery.deviceID)
    }
}
