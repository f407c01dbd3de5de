import Foundation
import PushFakeCore

/// A delivery of `payload` to a device, for the catalogue's rules (DeliveryChecks.md).
func checkedDelivery(
    _ platform: Delivery.Platform = .ios, token: String? = "ab12", payload: String,
    apns: Delivery.APNsHeaders? = nil
) -> Delivery {
    Delivery(
        id: "3000000000000001", vendor: .twinPush, app: "app", notificationID: "2000000000000001",
        deviceID: "1000000000000001", platform: platform, token: token, payload: Array(payload.utf8),
        createdAt: Date(timeIntervalSince1970: 1_767_225_600), apns: apns)
}

/// What the catalogue finds in such a delivery.
func problems(
    _ platform: Delivery.Platform = .ios, token: String? = "ab12", payload: String,
    apns: Delivery.APNsHeaders? = nil, simulator: Bool = false
) -> [DeliveryProblem] {
    DeliveryRule.problems(
        of: checkedDelivery(platform, token: token, payload: payload, apns: apns), simulator: simulator)
}

/// The codes of those problems, each prefixed with `!` for a rejection (`!BadDeviceToken`, `NoVisibleAlert`).
func codes(
    _ platform: Delivery.Platform = .ios, token: String? = "ab12", payload: String,
    apns: Delivery.APNsHeaders? = nil, simulator: Bool = false
) -> [String] {
    problems(platform, token: token, payload: payload, apns: apns, simulator: simulator).map {
        ($0.severity == .rejected ? "!" : "") + $0.code
    }
}

/// An APNs payload with an alert, which trips nothing.
let plainAlert = #"{"aps":{"alert":"Hi"}}"#
