import Foundation

extension TwinPushHandler {
    /// `GET …/devices/{device}/badge` (TwinPushWireProtocol.md §5.2): `{"badge": N}`, a number (Android calls `getInt`).
    static func getBadge(
        _ context: inout VendorContext, state: TwinPushState, device index: Int
    ) throws(TwinPushFailure) -> FakeResponse {
        .json(200, ["badge": .int(state.records[index].badge)])
    }

    /// `POST …/devices/{device}/update_badge` (§5.3): iOS sends `"0"` (a string), Android `0`; `"+N"` / `"-N"`
    /// move the badge; the result clamps at 0. Anything else is 422 `DeviceNotUpdated`.
    static func updateBadge(
        _ context: inout VendorContext, device: inout TwinPushState.DeviceRecord
    ) throws(TwinPushFailure) {
        guard let value = TwinPushFields.badge.value(in: body(context)), !value.isNull else {
            throw TwinPushFailure(.deviceNotUpdated, "badge is required")
        }
        guard let badge = TwinPushBadge(value) else {
            throw TwinPushFailure(
                .deviceNotUpdated, "badge must be \(TwinPushBadge.expected) (got \(value))")
        }
        device.badge = badge.applied(to: device.badge)
    }

    /// `POST …/open_app` and `…/close_app` (§5.4, §5.5). The body is not read: iOS sends `open_at` / `closed_at`
    /// as Unix seconds, Android `{}`; the fake clock gives the time.
    static func openOrCloseApp(_ context: inout VendorContext, device: inout TwinPushState.DeviceRecord) {
        if context.route.operation == .openApp {
            device.appOpenedAt = context.now
        } else {
            device.appClosedAt = context.now
        }
    }

    /// `POST …/report_statistics` (§5.7): `{"device":{"latitude":…,"longitude":…}}`, numbers within ±90 / ±180
    /// (DOCS); otherwise 422 `DeviceNotUpdated`.
    static func reportStatistics(
        _ context: inout VendorContext, device: inout TwinPushState.DeviceRecord
    ) throws(TwinPushFailure) {
        guard let location = body(context)["device"]?.objectValue else {
            throw TwinPushFailure(.deviceNotUpdated, "device must be an object with latitude and longitude")
        }
        guard let latitude = TwinPushFields.latitude.number(in: location, within: -90...90).value else {
            throw TwinPushFailure(.deviceNotUpdated, "device.latitude must be a number from -90 to 90")
        }
        guard let longitude = TwinPushFields.longitude.number(in: location, within: -180...180).value else {
            throw TwinPushFailure(.deviceNotUpdated, "device.longitude must be a number from -180 to 180")
        }
        device.location = TwinPush.Location(latitude: latitude, longitude: longitude, reportedAt: context.now)
    }
}
