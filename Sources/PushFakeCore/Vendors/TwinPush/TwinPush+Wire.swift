import Foundation

extension TwinPush.Device: WireType {
    /// The device as the admin API shows it (`GET /__pushfake/devices`, component `TwinPushDevice`): the Device
    /// object of the TwinPush API (TwinPushWireProtocol.md §6.1). The vendor's own answers write the same object
    /// with `TwinPushWire` (the register answer straight into bytes); tests hold the two together.
    ///
    /// The object does not show ``udid``, ``osName``, ``osVersionCode``, ``badge``, ``location``, ``appOpenedAt``
    /// or ``appClosedAt``, nor times finer than a second: a device read from it has `udid` `""`, `badge` 0 and the
    /// others `nil`.
    public static let wire = WireDescription<TwinPush.Device>(
        name: "TwinPushDevice",
        TwinPush.Device(id: "", appID: "", udid: "", platform: "ios", now: FakeClock.defaultEpoch),
        fields: [
            .required("id", \.id, .text, "The 16-digit id PushFake assigned."),
            .optional("push_token", \.pushToken, .string, writesNull: true, "The push token; null until registered."),
            .optional("alias_device", \.alias, .string, writesNull: true, "The alias; null when not set."),
            .required("platform", \.platform, .name(in: TwinPush.platforms), "As sent at the latest register."),
            .required("created_at", \.createdAt, .twinPushTime, "The first register."),
            .required("updated_at", \.updatedAt, .twinPushTime, "The last use of any device endpoint."),
            .required("last_registered_at", \.lastRegisteredAt, .twinPushTime, "The last register."),
            .required(
                "registration_updated_at", \.registrationUpdatedAt, .twinPushTime,
                "The last change of push_token, alias_device, active or custom properties."),
            .required("app_id", \.appID, .string, "The app the device registered in."),
            .optional("language", \.language, .string, writesNull: true),
            .optional("device_code", \.deviceCode, .string, writesNull: true),
            .optional("device_model", \.deviceModel, .string, writesNull: true),
            .optional("device_manufacturer", \.deviceManufacturer, .string, writesNull: true),
            .optional("app_version", \.appVersion, .string, writesNull: true),
            .optional("sdk_version", \.sdkVersion, .string, writesNull: true),
            .optional("os_version", \.osVersion, .string, writesNull: true),
            .derived("active", { $0.pushToken != nil }, .bool, "Whether it has a push token (fake-specific)."),
            .required(
                "custom_properties", \.customProperties, .array(TwinPush.CustomProperty.codec),
                "In the order they were first set."),
            .constant("type", "Device"),
        ], answer: true)
}

extension WireCodec where Value == Date {
    /// A time as TwinPush writes it (`2026-01-01 00:00:00 UTC`, TwinPushWireProtocol.md §4.2), read in every form
    /// `TimeFormat.parse(_:)` takes within ``FakeClock/validRange``.
    static var twinPushTime: WireCodec<Date> {
        WireCodec(
            read: date.read, write: { TwinPushWire.date($0) },
            schema: { _ in
                ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} UTC$"]
            })
    }
}

extension TwinPush.CustomProperty {
    /// A property (`{"name","type","value"}`, TwinPushWireProtocol.md §5.8): its value must be one
    /// `set_custom_property` stores for its type (component `TwinPushCustomProperty`, one branch per type).
    static let codec = WireDescription<TwinPush.CustomProperty>(
        name: "TwinPushCustomProperty", TwinPush.CustomProperty(name: "", type: .string, value: ""),
        fields: [
            .required("name", \.name, .text, "The property name as sent."),
            .required("type", \.type, .choice, "The type sent with the value."),
            .required("value", \.value, .json, "The value as stored for the type."),
        ], answer: true,
        check: { property, path, _ throws(JSONFieldError) in
            guard TwinPushHandler.coerce(property.value, to: property.type) == property.value else {
                throw JSONFieldError(
                    path: JSONFields.join(path, "value"),
                    problem:
                        "must be what a \(property.type.rawValue) property stores, not \(JSONFields.describe(property.value))"
                )
            }
        },
        refine: { schema, _ in
            schema["oneOf"] = .array(
                TwinPush.PropertyType.allCases.map { type in
                    ["properties": ["type": ["const": .string(type.rawValue)], "value": valueSchema(type)]]
                })
        }
    ).codec

    /// What `set_custom_property` stores for `type` (``TwinPushHandler/coerce(_:to:)``).
    private static func valueSchema(_ type: TwinPush.PropertyType) -> JSON {
        switch type {
        case .string, .enumeration: return ["type": "string"]
        case .boolean: return ["type": "boolean"]
        case .integer: return ["type": "integer"]
        case .float: return ["type": "number"]
        case .enumerationList: return ["type": "array", "items": ["type": "string"]]
        }
    }
}
