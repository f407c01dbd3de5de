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

    /// The optional text fields of a register, by body key, in the order of ``setTextField(_:to:on:)``.
    private static let textFields = [
        "language", "device_code", "device_model", "device_manufacturer", "app_version", "sdk_version", "os_version",
        "os_name",
    ]

    /// Sets text field `index` of ``textFields`` (a switch: key path writes showed up in profiles).
    private static func setTextField(_ index: Int, to value: String?, on device: inout TwinPush.Device) {
        switch index {
        case 0: device.language = value
        case 1: device.deviceCode = value
        case 2: device.deviceModel = value
        case 3: device.deviceManufacturer = value
        case 4: device.appVersion = value
        case 5: device.sdkVersion = value
        case 6: device.osVersion = value
        default: device.osName = value
        }
    }

    /// Reads a text field; numbers and booleans are taken as their text, arrays and objects are an error.
    static func text(
        _ body: JSONObject, _ name: String, error type: TwinPushRefusal = .deviceNotCreated
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
        var values: [FieldValue] = []
        values.reserveCapacity(textFields.count)
        for name in textFields { values.append(try text(body, name)) }
        let versionCode = try osVersionCode(body)

        let index = try registrationTarget(
            body, app: app, udid: udid.value, platform: platform.value, context: &context, state: &state,
            services: &services)
        let now = context.now
        // In place: a copy of the device would retain and release every one of its strings.
        func update(_ device: inout TwinPush.Device) -> (id: String, alias: String?, hasToken: Bool) {
            if pushToken != .absent, pushToken.value != device.pushToken {
                device.pushToken = pushToken.value
                device.registrationUpdatedAt = now
            }
            for (index, value) in values.enumerated() where value != .absent {
                setTextField(index, to: value.value, on: &device)
            }
            if let code = versionCode { device.osVersionCode = code }
            device.lastRegisteredAt = now
            device.updatedAt = now
            let newAlias = alias == .absent ? device.alias : alias.value
            if !String.sameBytes(newAlias, device.alias) { device.registrationUpdatedAt = now }
            return (device.id, newAlias, device.pushToken != nil)
        }
        let updated = update(&state.records[index].device)
        state.setAlias(index, to: updated.alias)
        context.device = updated.id
        if !updated.hasToken { context.notes.append("device has no push_token: sends will not reach it") }
        return .json(200, bytes: TwinPushWire.registered(state.records[index].device))
    }

    /// `os_version_code`: `nil` when absent, `.some(nil)` when cleared (`null` or `""`), else an integer sent as a
    /// number or a string of one.
    private static func osVersionCode(_ body: JSONObject) throws(TwinPushFailure) -> Int?? {
        switch TwinPushFields.osVersionCode.value(in: body) {
        case nil: return nil
        case .null?, .string("")?: return .some(nil)
        case let value?:
            guard let code = VendorField.integer(fromIntegerOrString: value, within: Int.min...Int.max) else {
                throw TwinPushFailure(.deviceNotCreated, "os_version_code must be an integer")
            }
            return .some(code)
        }
    }

    /// The device a register updates or creates.
    private static func registrationTarget(
        _ body: JSONObject, app: String, udid: String?, platform: String?, context: inout VendorContext,
        state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> Int {
        switch TwinPushFields.deviceID.text(in: body) {
        case .absent: break
        case .invalid: throw TwinPushFailure(.deviceNotCreated, "device_id must be a string")
        case .value(let id):
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
