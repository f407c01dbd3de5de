/// One request a virtual device's SDK sends (TwinPushWireProtocol.md §5, §8; TPNSWireProtocol.md §4–§6).
public enum FleetStep: String, Sendable, CaseIterable, Codable {
    /// TPNS `POST …/api/device/register`, TwinPush `POST /apps/{app}/devices/register`.
    case register
    /// TPNS `PUT …/api/application/{key}/device/{id}/unregister`.
    case unregister
    /// TwinPush `update_badge`.
    case updateBadge = "update_badge"
    /// TwinPush `open_app`.
    case openApp = "open_app"
    /// TwinPush `close_app`.
    case closeApp = "close_app"
    /// TwinPush `open_notification`.
    case openNotification = "open_notification"
    /// TwinPush Android `received_notification` (push ack).
    case receivedNotification = "received_notification"
    /// TwinPush iOS receipt extension: the app-less `received_notification`.
    case receiptExtension = "receipt_extension"
    /// Not a device request: the fleet reading TwinPush's `…/notifications/{id}/report` and `…/deliveries` with the
    /// API token, to compare the vendor's figures with its own.
    case vendorReport = "vendor_report"
}
