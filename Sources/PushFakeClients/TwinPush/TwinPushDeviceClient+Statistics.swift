import Foundation
import PushFakeCore

extension TwinPushDeviceClient {
    /// The constant iOS sends as `open_notification`'s `open_at`: `NSTimeIntervalSince1970` formatted instead of
    /// the current time (TwinPushWireProtocol.md §5.6).
    public static let iOSOpenNotificationTimestamp = "978307200"

    /// `GET …/devices/{dev}/badge` (§5.2): `{"badge": N}`. iOS also takes a numeric string and defaults to 0;
    /// Android requires an integer (`getInt`).
    ///
    /// Without a device id both SDKs send it as `GET /apps/{app}/badge` (§8).
    public func getBadge() async throws -> Int {
        guard let answer = try await deviceCall(.getBadge, "GET", action: "badge") else { return 0 }
        let value = answer.json["badge"]
        switch flavour {
        case .iOS:
            return value?.intValue ?? value?.stringValue.flatMap { Int($0) } ?? 0
        case .android:
            guard let badge = value?.intValue else {
                throw TwinPushClientError.invalidResponse(
                    status: answer.status, "badge answer has no integer badge", body: answer.json)
            }
            return badge
        }
    }

    /// `POST …/devices/{dev}/update_badge` (§5.3): iOS `{"badge": "N"}` (a **string**), Android `{"badge": N}`.
    ///
    /// - Returns: `false` when iOS skips it for want of a device id (§8); Android sends it without the segment.
    @discardableResult
    public func updateBadge(_ count: Int) async throws -> Bool {
        let badge: JSON = flavour == .iOS ? .string(String(count)) : .int(count)
        return try await deviceCall(.updateBadge, "POST", action: "update_badge", parameters: ["badge": badge]) != nil
    }

    /// `POST …/devices/{dev}/open_app` (§5.4): iOS `{"open_at": <Unix seconds>}` from the client's clock,
    /// Android `{}`.
    ///
    /// - Returns: `false` when skipped for want of a device id (both SDKs, §8).
    @discardableResult
    public func openApp() async throws -> Bool {
        let parameters: JSONObject = flavour == .iOS ? ["open_at": .int(unixSeconds)] : [:]
        return try await deviceCall(.openApp, "POST", action: "open_app", parameters: parameters) != nil
    }

    /// `POST …/devices/{dev}/close_app` (§5.5): iOS `{"closed_at": <Unix seconds>}`, Android `{}`.
    ///
    /// - Returns: `false` when skipped for want of a device id (both SDKs, §8).
    @discardableResult
    public func closeApp() async throws -> Bool {
        let parameters: JSONObject = flavour == .iOS ? ["closed_at": .int(unixSeconds)] : [:]
        return try await deviceCall(.closeApp, "POST", action: "close_app", parameters: parameters) != nil
    }

    /// `POST …/devices/{dev}/notifications/{nid}/open_notification` (§5.6): iOS always sends
    /// `{"open_at": "978307200"}`, Android `{}`. `notificationID` is a REST `id` or the push's `tp_id` as text.
    ///
    /// - Returns: `false` when iOS skips it for want of a device id; Android sends it without `/devices/{id}`
    ///   (§1, §8).
    @discardableResult
    public func openNotification(_ notificationID: String) async throws -> Bool {
        let parameters: JSONObject = flavour == .iOS ? ["open_at": .string(Self.iOSOpenNotificationTimestamp)] : [:]
        let answer = try await deviceCall(
            .openNotification, "POST", notification: notificationID, action: "open_notification",
            parameters: parameters)
        return answer != nil
    }

    /// The push acknowledgement (§5.6b). Android: `POST …/devices/{dev}/notifications/{nid}/received_notification`
    /// with `{}` (sent without `/devices/{id}` when not registered). iOS has no app-side call: the receipt
    /// extension reports it on the app-less path with no headers and no body (``TwinPushReceiptExtension``),
    /// which needs integer ids, as the extension reads them from the payload.
    ///
    /// - Returns: `false` when not sent: iOS without a device id, or with ids that are not integers.
    @discardableResult
    public func receivedNotification(_ notificationID: String) async throws -> Bool {
        guard flavour == .iOS else {
            let answer = try await deviceCall(
                .receivedNotification, "POST", notification: notificationID, action: "received_notification")
            return answer != nil
        }
        guard let deviceID, let device = Int(deviceID), let notification = Int(notificationID) else { return false }
        try await TwinPushReceiptExtension.reportReceived(
            deviceID: device, notificationID: notification, serverURL: baseURL, session: http.session)
        return true
    }

    /// `POST …/devices/{dev}/report_statistics` (§5.7): `{"device": {"latitude": …, "longitude": …}}`, the only
    /// wrapped body of the API.
    ///
    /// - Returns: `false` when skipped for want of a device id (both SDKs, §8).
    @discardableResult
    public func reportLocation(latitude: Double, longitude: Double) async throws -> Bool {
        let location: JSON = ["latitude": .double(latitude), "longitude": .double(longitude)]
        let answer = try await deviceCall(
            .reportStatistics, "POST", action: "report_statistics", parameters: ["device": location])
        return answer != nil
    }

    /// The client clock as whole Unix seconds (iOS `NSNumber` of `timeIntervalSince1970`).
    var unixSeconds: Int { Int(now().timeIntervalSince1970) }
}
