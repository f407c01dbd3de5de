import Foundation

extension TwinPushHandler {
    /// `GET …/devices/{device}/badge` (TwinPushWireProtocol.md §5.2): `{"badge": N}`, a number (Android calls `getInt`).
    static func getBadge(_ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices)
        throws(TwinPushFailure)
        -> FakeResponse
    {
        let index = try requireDevice(&context, state: state)
        return .json(200, ["badge": .int(state.records[index].badge)])
    }

    /// `POST …/devices/{device}/update_badge` (§5.3): iOS sends `"0"` (a string), Android `0`; `"+N"` / `"-N"`
    /// move the badge; the result clamps at 0. Anything else is 422 `DeviceNotUpdated`.
    static func updateBadge(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        guard let value = TwinPushFields.badge.value(in: body(context)), !value.isNull else {
            throw TwinPushFailure(.deviceNotUpdated, "badge is required")
        }
        guard let badge = TwinPushBadge(value) else {
            throw TwinPushFailure(
                .deviceNotUpdated, "badge must be \(TwinPushBadge.expected) (got \(value))")
        }
        state.records[index].badge = badge.applied(to: state.records[index].badge)
        state.records[index].updatedAt = context.now
        return ok
    }

    /// `POST …/open_app` and `…/close_app` (§5.4, §5.5). The body is not read: iOS sends `open_at` / `closed_at`
    /// as Unix seconds, Android `{}`; the fake clock gives the time.
    static func openOrCloseApp(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        if context.route.operation == .openApp {
            state.records[index].appOpenedAt = context.now
        } else {
            state.records[index].appClosedAt = context.now
        }
        state.records[index].updatedAt = context.now
        return ok
    }

    /// `POST …/report_statistics` (§5.7): `{"device":{"latitude":…,"longitude":…}}`, numbers within ±90 / ±180
    /// (DOCS); otherwise 422 `DeviceNotUpdated`.
    static func reportStatistics(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        guard let location = body(context)["device"]?.objectValue else {
            throw TwinPushFailure(.deviceNotUpdated, "device must be an object with latitude and longitude")
        }
        guard let latitude = TwinPushFields.latitude.number(in: location, within: -90...90).value else {
            throw TwinPushFailure(.deviceNotUpdated, "device.latitude must be a number from -90 to 90")
        }
        guard let longitude = TwinPushFields.longitude.number(in: location, within: -180...180).value else {
            throw TwinPushFailure(.deviceNotUpdated, "device.longitude must be a number from -180 to 180")
        }
        state.records[index].location = TwinPush.Location(
            latitude: latitude, longitude: longitude, reportedAt: context.now)
        state.records[index].updatedAt = context.now
        return ok
    }
}
