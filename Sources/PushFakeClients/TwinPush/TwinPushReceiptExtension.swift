import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the iOS receipt extension (`TPNotificationReceiptService`, twinpush-ios-receipt-extension 1.1.0) sends when
/// a push arrives: `POST {serverURL}/devices/{tp_device_id}/notifications/{tp_id}/received_notification`, without
/// `/apps/{app}`, with no body and no headers of its own (TwinPushWireProtocol.md §1, §5.6b).
///
/// ```swift
/// let payload = try XCTUnwrap(fake.deliveries(to: deviceID).first?.payloadJSON)
/// let sent = try await TwinPushReceiptExtension.didReceive(
///     payload: payload, serverURL: fake.twinPushBaseURL, session: session)
/// ```
public enum TwinPushReceiptExtension {
    /// Reports the receipt of an APNs payload. Like the extension, it reads `tp_id` and `tp_device_id` from the
    /// top level and skips the call unless both are integers (§7.1).
    ///
    /// - Parameters:
    ///   - payload: the APNs payload as delivered.
    ///   - serverURL: the extension's `serverUrl`, `…/api/v2`.
    ///   - session: the session to send through.
    /// - Returns: `false` when skipped (ids missing or not integers).
    /// - Throws: ``TwinPushClientError`` when the server answers with an error (the extension itself ignores the
    ///   answer; a test wants to know).
    @discardableResult
    public static func didReceive(payload: JSON, serverURL: URL, session: URLSession) async throws -> Bool {
        guard let notification = integer(payload["tp_id"]), let device = integer(payload["tp_device_id"]) else {
            return false
        }
        try await reportReceived(deviceID: device, notificationID: notification, serverURL: serverURL, session: session)
        return true
    }

    /// Sends the app-less `received_notification` for these ids: `POST`, no body, no headers set by the client.
    public static func reportReceived(
        deviceID: Int, notificationID: Int, serverURL: URL, session: URLSession
    ) async throws {
        let segments = ["devices", String(deviceID), "notifications", String(notificationID), "received_notification"]
        let url = try TwinPushHTTP.url(serverURL, segments)
        _ = try await TwinPushHTTP(session: session).send(TwinPushCall(method: "POST", url: url))
    }

    /// `as? Int` on a JSON number: integers only (a string or a fraction is not one).
    private static func integer(_ value: JSON?) -> Int? {
        guard case .int(let number)? = value else { return nil }
        return number
    }
}
