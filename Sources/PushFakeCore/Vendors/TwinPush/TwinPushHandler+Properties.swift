import Foundation

extension TwinPushHandler {
    /// `POST …/devices/{device}/set_custom_property` (TwinPushWireProtocol.md §5.8): `{"name","type","value"}`. A `null` value
    /// (iOS) or a missing one (Android drops nulls) deletes the property; a type outside the six or a value that
    /// does not fit the type is 422 `InvalidProperty`.
    static func setCustomProperty(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        let body = body(context)
        guard let name = body["name"]?.stringValue, !name.isEmpty else {
            throw TwinPushFailure(.invalidProperty, "name is required and must be a string")
        }
        let now = context.now
        guard let value = TwinPushFields.propertyValue.value(in: body), !value.isNull else {
            let before = state.records[index].customProperties.count
            state.records[index].customProperties.removeAll { $0.name.hasSameBytes(as: name) }
            let removed = before != state.records[index].customProperties.count
            if removed { state.records[index].registrationUpdatedAt = now }
            state.records[index].updatedAt = now
            context.notes.append(removed ? "custom property \(name) deleted" : "custom property \(name) was not set")
            return ok
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
        var properties = state.records[index].customProperties
        if let position = properties.firstIndex(where: { $0.name.hasSameBytes(as: name) }) {
            properties[position] = property
        } else {
            properties.append(property)
        }
        state.records[index].customProperties = properties
        state.records[index].registrationUpdatedAt = now
        state.records[index].updatedAt = now
        return ok
    }

    /// `DELETE …/devices/{device}/clear_custom_properties` (§5.9).
    static func clearCustomProperties(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        if !state.records[index].customProperties.isEmpty {
            state.records[index].customProperties = []
            state.records[index].registrationUpdatedAt = context.now
        }
        state.records[index].updatedAt = context.now
        return ok
    }
}
