import Foundation

extension TwinPushHandler {
    typealias Target = TwinPush.Notification.Target

    /// Exactly one target (TwinPushWireProtocol.md §9, FakeBehaviour.md): `broadcast: true`, `devices_ids` / `devices_aliases`
    /// (≤ 1000), `segments` (≤ 50), `target_properties` (≤ 5, optionally with `segments`), `multiple_devices` /
    /// `multiple_alias` (≤ 1000 entries of overrides). `broadcast: false` and `null` count as absent.
    static func parseTarget(_ body: JSONObject) throws(TwinPushFailure) -> (Target, [WireKey: TwinPushOverride]) {
        var present: [String] = []
        for key in TwinPush.targetKeys {
            guard let value = body[key], !value.isNull else { continue }
            if key == "broadcast" {
                guard let flag = value.boolValue else { throw invalid("broadcast must be true or false") }
                if !flag { continue }
            }
            present.append(key)
        }
        if present.contains("target_properties") { present.removeAll { $0 == "segments" } }
        guard present.count == 1, let key = present.first, let value = body[key] else {
            let keys = TwinPush.targetKeys.joined(separator: ", ")
            throw invalid(
                present.isEmpty
                    ? "A target is required: one of \(keys)"
                    : "Only one target is allowed; got \(present.joined(separator: ", "))")
        }
        let limit = TwinPush.Limits.deviceTargets
        switch key {
        case "broadcast":
            return (.broadcast, [:])
        case "devices_ids":
            return (.devicesIDs(try names(value, key, limit: limit)), [:])
        case "devices_aliases":
            return (.devicesAliases(try names(value, key, limit: limit)), [:])
        case "segments":
            return (.segments(try names(value, key, limit: TwinPush.Limits.segments)), [:])
        case "target_properties":
            var segments: [String] = []
            if let value = body["segments"], !value.isNull {
                segments = try names(value, "segments", limit: TwinPush.Limits.segments)
            }
            return (.targetProperties(try propertyFilters(value), segments: segments), [:])
        default:
            let overrides = try parseOverrides(value, key)
            let keys = overrides.map(\.key)
            let map = Dictionary(overrides.map { (WireKey($0.key), $0.value) }) { _, last in last }
            return (key == "multiple_devices" ? .multipleDevices(keys) : .multipleAlias(keys), map)
        }
    }

    /// A non-empty array of non-empty strings (or one such string, ``stringList(_:)``), at most `limit`, duplicates
    /// (same bytes) dropped.
    private static func names(_ value: JSON, _ key: String, limit: Int) throws(TwinPushFailure) -> [String] {
        guard let list = stringList(value), !list.contains(where: \.isEmpty) else {
            throw invalid("\(key) must be an array of non-empty strings")
        }
        var seen = Set<WireKey>()
        let unique = list.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { throw invalid("\(key) must not be empty") }
        guard unique.count <= limit else { throw invalid("\(key) has \(unique.count) entries; at most \(limit)") }
        return unique
    }

    private static func propertyFilters(_ value: JSON) throws(TwinPushFailure) -> [TwinPush.Notification.PropertyFilter]
    {
        guard let object = value.objectValue, !object.isEmpty else {
            throw invalid("target_properties must be an object of property name → values")
        }
        guard object.count <= TwinPush.Limits.targetProperties else {
            throw invalid(
                "target_properties has \(object.count) properties; at most \(TwinPush.Limits.targetProperties)")
        }
        var filters: [TwinPush.Notification.PropertyFilter] = []
        for member in object.members {
            let values = stringList(member.value)
            guard let values, !values.isEmpty else {
                throw invalid("target_properties.\(member.key) must be a string or an array of strings")
            }
            filters.append(.init(name: member.key, values: values))
        }
        return filters
    }

    /// `multiple_devices` / `multiple_alias`: target → `{title, alert, url, badge, custom_properties}` (§9).
    private static func parseOverrides(
        _ value: JSON, _ key: String
    ) throws(TwinPushFailure) -> [(key: String, value: TwinPushOverride)] {
        guard let object = value.objectValue, !object.isEmpty else {
            throw invalid("\(key) must be a non-empty object of target → overrides")
        }
        var seen = Set<WireKey>()
        var result: [(key: String, value: TwinPushOverride)] = []
        for member in object.members.reversed() where seen.insert(member.key).inserted {
            guard !member.key.isEmpty, let fields = member.value.objectValue else {
                throw invalid("\(key).\(member.key) must be an object of overrides")
            }
            var override = TwinPushOverride()
            override.alert = try optionalString(fields, "alert")
            if let alert = override.alert { try checkAlertLength(alert, name: "\(key).\(member.key).alert") }
            override.title = try limitedString(fields, "title", path: "\(key).\(member.key).title")
            override.url = try limitedString(fields, "url", path: "\(key).\(member.key).url")
            let badgeField =
                key == "multiple_devices" ? TwinPushFields.deviceOverrideBadge : TwinPushFields.aliasOverrideBadge
            if let badge = badgeField.value(in: fields), !badge.isNull {
                guard let parsed = TwinPushBadge(badge) else {
                    throw invalid("\(key).\(member.key).badge must be \(TwinPushBadge.expected) (got \(badge))")
                }
                override.badge = parsed
            }
            if let properties = fields["custom_properties"] {
                override.customProperties = try parseCustomProperties(
                    properties, name: "\(key).\(member.key).custom_properties",
                    field: key == "multiple_devices"
                        ? TwinPushFields.deviceOverrideProperty : TwinPushFields.aliasOverrideProperty)
            }
            result.append((member.key, override))
        }
        guard result.count <= TwinPush.Limits.deviceTargets else {
            throw invalid("\(key) has \(result.count) entries; at most \(TwinPush.Limits.deviceTargets)")
        }
        return result.reversed()
    }
}
