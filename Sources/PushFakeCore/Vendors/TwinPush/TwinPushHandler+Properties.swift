import Foundation

extension TwinPushHandler {
    /// `POST …/devices/{device}/set_custom_property` (TwinPushWireProtocol.md §5.8): `{"name","type","value"}`. A `null` value
    /// (iOS) or a missing one (Android drops nulls) deletes the property; a type outside the six or a value that
    /// does not fit the type is 422 `InvalidProperty`.
    static func setCustomProperty(
        _ context: inout VendorContext, device: inout TwinPushState.DeviceRecord
    ) throws(TwinPushFailure) {
        let body = body(context)
        guard let name = body["name"]?.stringValue, !name.isEmpty else {
            throw TwinPushFailure(.invalidProperty, "name is required and must be a string")
        }
        let now = context.now
        guard let value = TwinPushFields.propertyValue.value(in: body), !value.isNull else {
            let before = device.customProperties.count
            device.customProperties.removeAll { $0.name.hasSameBytes(as: name) }
            let removed = before != device.customProperties.count
            if removed { device.registrationUpdatedAt = now }
            context.notes.append(removed ? "custom property \(name) deleted" : "custom property \(name) was not set")
            return
        }
        guard let typeName = body["type"]?.stringValue, let type = TwinPush.PropertyType(rawValue: typeName) else {
            let allowed = TwinPush.PropertyType.allCases.map(\.rawValue).joined(separator: ", ")
            throw TwinPushFailure(.invalidProperty, "type must be one of \(allowed)")
        }
        guard let stored = coerce(value, to: type) else {
            throw TwinPushFailure(
                .invalidProperty, "value \(value) is not a valid \(type.rawValue) for custom property \(name)")
        }
        let property = TwinPush.CustomProperty(name: name, type: type, value: stored)
        if let position = device.customProperties.firstIndex(where: { $0.name.hasSameBytes(as: name) }) {
            device.customProperties[position] = property
        } else {
            device.customProperties.append(property)
        }
        device.registrationUpdatedAt = now
    }

    /// `DELETE …/devices/{device}/clear_custom_properties` (§5.9).
    static func clearCustomProperties(_ context: inout VendorContext, device: inout TwinPushState.DeviceRecord) {
        if !device.customProperties.isEmpty {
            device.customProperties = []
            device.registrationUpdatedAt = context.now
        }
    }
}
