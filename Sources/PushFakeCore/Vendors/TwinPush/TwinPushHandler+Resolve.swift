import Foundation

extension TwinPushHandler {
    /// The devices a notification reaches now, in a stable order, each with its `multiple_*` override key.
    /// Inputs are de-duplicated when parsed and a device has one alias, so no device appears twice.
    static func resolveTargets(
        _ record: TwinPushNotificationRecord, state: TwinPushState, notes: inout [String]
    ) -> [(index: Int, key: String?)] {
        let app = record.notification.appID
        let devices = state
        switch record.notification.target {
        case .broadcast:
            return devices.deviceIndexes(app: app).map { ($0, nil) }
        case .devicesIDs(let ids):
            let found = ids.compactMap { devices.deviceIndex(id: $0, app: app) }
            if found.count < ids.count { notes.append("\(ids.count - found.count) devices_ids are not devices of app") }
            return found.map { ($0, nil) }
        case .devicesAliases(let aliases):
            return aliases.flatMap { devices.deviceIndexes(alias: $0, app: app) }.map { ($0, nil) }
        case .segments(let segments):
            notes.append("segments are not modelled by PushFake: \(segments.joined(separator: ", ")) reach no device")
            return []
        case .targetProperties(let filters, let segments):
            if !segments.isEmpty { notes.append("segments next to target_properties are ignored (not modelled)") }
            return devices.deviceIndexes(app: app).filter { index in
                filters.allSatisfy { matches(devices.customProperty(index, $0.name), $0) }
            }.map { ($0, nil) }
        case .multipleDevices(let ids):
            let found: [(index: Int, key: String?)] = ids.compactMap { id in
                devices.deviceIndex(id: id, app: app).map { ($0, id) }
            }
            if found.count < ids.count { notes.append("\(ids.count - found.count) multiple_devices are not devices") }
            return found
        case .multipleAlias(let aliases):
            return aliases.flatMap { alias in devices.deviceIndexes(alias: alias, app: app).map { ($0, alias) } }
        }
    }

    /// A `target_properties` filter holds when the device's enum property is one of the values, or its enum_list
    /// property shares one with them. Other property types never match (DOCS: enum / enum_list only).
    private static func matches(
        _ property: TwinPush.CustomProperty?, _ filter: TwinPush.Notification.PropertyFilter
    ) -> Bool {
        guard let property else { return false }
        switch property.type {
        case .enumeration:
            return property.value.stringValue.map(filter.values.containsBytes) ?? false
        case .enumerationList:
            return property.value.arrayValue?.contains { $0.stringValue.map(filter.values.containsBytes) ?? false }
                ?? false
        default:
            return false
        }
    }
}
