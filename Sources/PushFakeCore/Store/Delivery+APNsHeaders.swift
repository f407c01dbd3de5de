extension Delivery {
    /// The two APNs request headers that say how a push must be handled, as a vendor chose them.
    ///
    /// TPNS and TwinPush choose none (their APIs have no field for them): their deliveries carry `nil`, and the checks
    /// assume what a careful provider sends for the payload (DeliveryChecks.md, APNs headers). A vendor of your own
    /// that models them records them, and the checks hold them against the payload.
    ///
    /// ```swift
    /// Delivery(id: id, vendor: .acme, app: app, notificationID: nid, deviceID: device, platform: .ios,
    ///          token: token, payload: payload, createdAt: services.now,
    ///          apns: Delivery.APNsHeaders(pushType: "background", priority: 5))
    /// ```
    public struct APNsHeaders: Sendable, Equatable {
        /// `apns-push-type`: `alert`, `background`, `voip`, …; `nil` when not sent.
        public var pushType: String?
        /// `apns-priority`: 10, 5 or 1; `nil` when not sent.
        public var priority: Int?

        /// Headers as a vendor sends them; leave out what it does not send.
        public init(pushType: String? = nil, priority: Int? = nil) {
            self.pushType = pushType
            self.priority = priority
        }

        /// The headers with what is missing filled in as a careful provider would for `payload`: push type
        /// `background` and priority 5 for a push whose `aps` holds `content-available: 1` and nothing the user
        /// sees, otherwise `alert`, and priority 5 whenever `content-available` is set (Apple, "Sending notification
        /// requests to APNs": priority 10 with `content-available` is an error), 10 otherwise.
        func effective(for payload: APNsPayloadFacts) -> (pushType: String, priority: Int) {
            let type = pushType ?? (payload.contentAvailable && !payload.showsAnything ? "background" : "alert")
            let priority =
                self.priority ?? (payload.contentAvailable || type == "background" ? 5 : 10)
            return (type, priority)
        }
    }
}
