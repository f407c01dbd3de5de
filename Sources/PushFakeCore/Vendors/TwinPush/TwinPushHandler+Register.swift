import Foundation

extension TwinPushHandler {
    /// A register field: absent (left alone), cleared (`null` or `""`), or set (DOCS: "set to null if value is
    /// empty and ignored if not present", TwinPushWireProtocol.md §5.1).
    enum FieldValue: Equatable {
        case absent
        case cleared
        case set(String)

        var value: String? {
            if case .set(let text) = self { return text }
            return nil
        }
    }

    /// Reads a text field; numbers and booleans are taken as their text, arrays and objects are an error.
    static func text(
        _ body: JSONObject, _ name: String, error type: TwinPushErrorType = .deviceNotCreated
    ) throws(TwinPushFailure) -> FieldValue {
        switch body[name] {
        case nil: return .absent
        case .null?: return .cleared
        case .string(let text)?: return text.isEmpty ? .cleared : .set(text)
        case .array?, .object?: throw TwinPushFailure(type, "\(name) must be a string")
        case let scalar?: return .set(scalar.plainText)
        }
    }

    /// `POST /apps/{app}/devices/register` (TwinPushWireProtocol.md §5.1, FakeBehaviour.md): upsert on (`udid`, `platform`) in the
    /// app, or update-only by `device_id` (404 when unknown). Answers `{"objects":[<Device>],"references":[]}`.
    static func register(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let app = context.parameter("app")
        let body = body(context)
        let udid = try text(body, "udid")
        let platform = try text(body, "platform")
        if let value = platform.value, !TwinPush.platforms.contains(value) {
            throw TwinPushFailure(.deviceNotCreated, "platform must be one of ios, android, huawei (got \(value))")
        }
        let pushToken = try text(body, "push_token")
        let alias = try text(body, "alias_device")
        let textFields: [(String, WritableKeyPath<TwinPush.Device, String?>)] = [
            ("language", \.language), ("device_code", \.deviceCode), ("device_model", \.deviceModel),
            ("device_manufacturer", \.deviceManufacturer), ("app_version", \.appVersion),
            ("sdk_version", \.sdkVersion), ("os_version", \.osVersion), ("os_name", \.osName),
        ]
        var values: [(FieldValue, WritableKeyPath<TwinPush.Device, String?>)] = []
        for (name, path) in textFields { values.append((try text(body, name), path)) }
        let versionCode = try text(body, "os_version_code")
        if let code = versionCode.value, Int(code) == nil {
            throw TwinPushFailure(.deviceNotCreated, "os_version_code must be an integer")
        }

        let index = try registrationTarget(
            body, app: app, udid: udid.value, platform: platform.value, context: &context, state: &state,
            services: &services)
        let now = context.now
        var device = state.records[index].device
        if pushToken != .absent, pushToken.value != device.pushToken {
            device.pushToken = pushToken.value
            device.registrationUpdatedAt = now
        }
        for (value, path) in values where value != .absent { device[keyPath: path] = value.value }
        if versionCode != .absent { device.osVersionCode = versionCode.value.flatMap { Int($0) } }
        device.lastRegisteredAt = now
        device.updatedAt = now
        let newAlias = alias == .absent ? device.alias : alias.value
        if newAlias != device.alias { device.registrationUpdatedAt = now }
        state.records[index].device = device
        state.setAlias(index, to: newAlias)
        context.device = device.id
        if device.pushToken == nil { context.notes.append("device has no push_token: sends will not reach it") }
        return .json(200, TwinPushWire.objects([TwinPushWire.device(state.records[index].device)]))
    }

    /// The device a register updates or creates.
    private static func registrationTarget(
        _ body: JSONObject, app: String, udid: String?, platform: String?, context: inout VendorContext,
        state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> Int {
        if let deviceID = body["device_id"], !deviceID.isNull {
            guard let id = deviceID.stringValue ?? deviceID.intValue.map(String.init) else {
                throw TwinPushFailure(.deviceNotCreated, "device_id must be a string")
            }
            guard let index = state.deviceIndex(id: id, app: app) else {
                throw TwinPushFailure(.deviceNotFound, "Device not found for device_id \(id)")
            }
            let device = state.records[index].device
            let newUDID = udid ?? device.udid
            let newPlatform = platform ?? device.platform
            guard state.rekey(index, udid: newUDID, platform: newPlatform) else {
                throw TwinPushFailure(
                    .deviceNotUpdated, "Another device is already registered with this udid and platform")
            }
            context.notes.append("device updated by device_id")
            return index
        }
        guard let udid, let platform else {
            throw TwinPushFailure(.deviceNotCreated, "udid and platform are required (or device_id to update)")
        }
        if let index = state.deviceIndex(.init(app: app, udid: udid, platform: platform)) {
            context.notes.append("device updated (same udid and platform)")
            return index
        }
        context.notes.append("new device")
        let device = TwinPush.Device(
            id: services.nextID(.twinPushDevice), appID: app, udid: udid, platform: platform, now: context.now)
        return state.insert(device)
    }
}
