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

    private static let newDevice = FixedNote("new device")
    private static let updatedByKey = FixedNote("device updated (same udid and platform)")
    private static let updatedByID = FixedNote("device updated by device_id")

    /// The optional text fields of a register, read before anything changes: eight values in place, since an array
    /// of them was an allocation on every register (Performance.md, "Allocations and small strings").
    struct TextFields {
        /// The body keys, in the order of ``TwinPushState/DeviceRecord/setTextField(_:to:)``.
        static let names = [
            "language", "device_code", "device_model", "device_manufacturer", "app_version", "sdk_version",
            "os_version", "os_name",
        ]
        private var values:
            (FieldValue, FieldValue, FieldValue, FieldValue, FieldValue, FieldValue, FieldValue, FieldValue)

        init(_ body: JSONObject) throws(TwinPushFailure) {
            let names = Self.names
            values = (
                try text(body, names[0]), try text(body, names[1]), try text(body, names[2]), try text(body, names[3]),
                try text(body, names[4]), try text(body, names[5]), try text(body, names[6]), try text(body, names[7])
            )
        }

        /// Calls `body` with each field's index and value, in order.
        func forEachField(_ body: (Int, FieldValue) -> Void) {
            body(0, values.0)
            body(1, values.1)
            body(2, values.2)
            body(3, values.3)
            body(4, values.4)
            body(5, values.5)
            body(6, values.6)
            body(7, values.7)
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
        let values = try TextFields(body)
        let versionCode = try osVersionCode(body)

        let index = try registrationTarget(
            body, app: app, udid: udid.value, platform: platform.value, pushToken: pushToken.value,
            alias: alias.value, context: &context, state: &state, services: &services)
        let now = context.now
        if pushToken != .absent, tokenChanges(state.texts, state.records[index].texts, to: pushToken.value) {
            state.setText(index, TwinPushState.TextSlot.pushToken, to: pushToken.value)
            state.records[index].registrationUpdatedAt = now
        }
        // The record's fields change in place.
        func update(
            _ record: inout TwinPushState.DeviceRecord, _ strings: inout InternedStrings, _ texts: TextPool
        ) -> Bool {
            values.forEachField { index, value in
                guard value != .absent else { return }
                let kind = TwinPushState.InternKind.firstTextField + index
                record.setTextField(index, to: strings.number(of: value.value, kind: kind))
            }
            if let code = versionCode { record.osVersionCode = code }
            record.lastRegisteredAt = now
            record.updatedAt = now
            let aliasChanges =
                alias != .absent
                && !texts.hasSameBytes(record.texts, TwinPushState.TextSlot.alias, asOptional: alias.value)
            if aliasChanges { record.registrationUpdatedAt = now }
            return aliasChanges
        }
        if update(&state.records[index], &state.strings, state.texts) { state.setAlias(index, to: alias.value) }
        // The answer is written from the record itself: no public device is built.
        let device = TwinPushState.PackedDevice(
            record: state.records[index], strings: state.strings, texts: state.texts)
        context.device = device.id
        if !device.isActive { context.notes.append("device has no push_token: sends will not reach it") }
        return .json(200, bytes: TwinPushWire.registered(device))
    }

    /// Whether a register's token differs from the stored one, compared as `String`s (as before packing); the
    /// stored token is read only when its bytes differ.
    private static func tokenChanges(_ texts: TextPool, _ entry: TextPool.Entry, to token: String?) -> Bool {
        if texts.hasSameBytes(entry, TwinPushState.TextSlot.pushToken, asOptional: token) { return false }
        return texts.string(entry, TwinPushState.TextSlot.pushToken) != token
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
        _ body: JSONObject, app: String, udid: String?, platform: String?, pushToken: String?, alias: String?,
        context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> Int {
        switch TwinPushFields.deviceID.text(in: body) {
        case .absent: break
        case .invalid: throw TwinPushFailure(.deviceNotCreated, "device_id must be a string")
        case .value(let id):
            guard let index = state.deviceIndex(id: id, app: app) else {
                throw TwinPushFailure(.deviceNotFound, "Device not found for device_id \(id)")
            }
            let newUDID = udid ?? state.texts.string(state.records[index].texts, TwinPushState.TextSlot.udid) ?? ""
            let newPlatform = platform ?? state.strings[state.records[index].platform] ?? ""
            guard state.rekey(index, udid: newUDID, platform: newPlatform) else {
                throw TwinPushFailure(
                    .deviceNotUpdated, "Another device is already registered with this udid and platform")
            }
            context.add(updatedByID)
            return index
        }
        guard let udid, let platform else {
            throw TwinPushFailure(.deviceNotCreated, "udid and platform are required (or device_id to update)")
        }
        let key = TwinPushState.DeviceKey(app: app, udid: udid, platform: platform)
        if let index = state.deviceIndex(key) {
            context.add(updatedByKey)
            return index
        }
        context.add(newDevice)
        // Created with its token and alias: the register's update then finds them unchanged.
        return state.insert(
            id: services.nextID(.twinPushDevice), key: key, pushToken: pushToken, alias: alias, now: context.now)
    }
}
