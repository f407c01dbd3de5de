import Foundation
import PushFakeCore

extension TwinPushDeviceClient {
    /// `POST …/devices/{dev}/set_custom_property` (TwinPushWireProtocol.md §5.8): `{"name", "type", "value"}` with one of the
    /// six types.
    ///
    /// - Returns: `false` when iOS skips it for want of a device id (§8).
    /// - Throws: ``TwinPushClientError``: `deviceNotRegistered` on Android without a device id (its error
    ///   listener), or the server's `InvalidProperty`.
    @discardableResult
    public func setCustomProperty(_ name: String, _ value: TwinPushPropertyValue) async throws -> Bool {
        let parameters: JSONObject = [
            "name": .string(name), "type": .string(value.type.rawValue), "value": value.json,
        ]
        return try await setCustomProperty(parameters)
    }

    /// Deletes a custom property (§5.8, "if null, property will be deleted"): iOS sends `"value": null`, Android
    /// leaves `value` out (it drops null parameters).
    ///
    /// - Parameter type: the type the app's setter used (`setProperty:withStringValue:nil` sends `string`).
    /// - Returns: `false` when iOS skips it for want of a device id (§8).
    @discardableResult
    public func deleteCustomProperty(_ name: String, type: TwinPush.PropertyType = .string) async throws -> Bool {
        var parameters: JSONObject = ["name": .string(name), "type": .string(type.rawValue)]
        if flavour == .iOS { parameters["value"] = .null }
        return try await setCustomProperty(parameters)
    }

    /// `DELETE …/devices/{dev}/clear_custom_properties` (§5.9): no body (iOS still sends its `Content-Type`).
    ///
    /// - Returns: `false` when iOS skips it for want of a device id (§8).
    /// - Throws: ``TwinPushClientError``: `deviceNotRegistered` on Android without a device id.
    @discardableResult
    public func clearCustomProperties() async throws -> Bool {
        try await deviceCall(.clearCustomProperties, "DELETE", action: "clear_custom_properties") != nil
    }

    private func setCustomProperty(_ parameters: JSONObject) async throws -> Bool {
        let answer = try await deviceCall(
            .setCustomProperty, "POST", action: "set_custom_property", parameters: parameters)
        return answer != nil
    }
}
