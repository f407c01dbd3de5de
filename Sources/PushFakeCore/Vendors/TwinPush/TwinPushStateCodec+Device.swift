import Foundation

/// TwinPush devices, notifications and alias inbox items in state documents (StateFormat.md, "TwinPush"): the field
/// names of the TwinPush API, times as `2026-01-01T00:00:00.000Z`.
enum TwinPushStateCodec {
    static let deviceKeys = [
        "id", "app_id", "udid", "platform", "push_token", "alias_device", "language", "device_code", "device_model",
        "device_manufacturer", "app_version", "sdk_version", "os_version", "os_name", "os_version_code", "badge",
        "custom_properties", "location", "created_at", "updated_at", "last_registered_at", "registration_updated_at",
        "app_opened_at", "app_closed_at", "received",
    ]

    static func date(_ date: Date?) -> JSON {
        date.map { .string(TimeFormat.iso8601($0)) } ?? .null
    }

    static func string(_ text: String?) -> JSON {
        text.map(JSON.string) ?? .null
    }

    static func device(_ state: TwinPushState, _ index: Int) -> JSON {
        let device = state.device(index)
        let record = state.records[index]
        let properties: [JSON] = device.customProperties.map {
            ["name": .string($0.name), "type": .string($0.type.rawValue), "value": $0.value]
        }
        let location: JSON =
            device.location.map {
                [
                    "latitude": .double($0.latitude), "longitude": .double($0.longitude),
                    "reported_at": date($0.reportedAt),
                ]
            } ?? .null
        let received: [JSON] = record.received.map {
            [
                "notification": .string($0.notificationID), "delivery": .string($0.deliveryID),
                "hidden": .bool($0.hidden),
            ]
        }
        return [
            "id": .string(device.id), "app_id": .string(device.appID), "udid": .string(device.udid),
            "platform": .string(device.platform), "push_token": string(device.pushToken),
            "alias_device": string(device.alias), "language": string(device.language),
            "device_code": string(device.deviceCode), "device_model": string(device.deviceModel),
            "device_manufacturer": string(device.deviceManufacturer), "app_version": string(device.appVersion),
            "sdk_version": string(device.sdkVersion), "os_version": string(device.osVersion),
            "os_name": string(device.osName), "os_version_code": device.osVersionCode.map(JSON.int) ?? .null,
            "badge": .int(device.badge), "custom_properties": .array(properties), "location": location,
            "created_at": date(device.createdAt), "updated_at": date(device.updatedAt),
            "last_registered_at": date(device.lastRegisteredAt),
            "registration_updated_at": date(device.registrationUpdatedAt), "app_opened_at": date(device.appOpenedAt),
            "app_closed_at": date(device.appClosedAt), "received": .array(received),
        ]
    }

    /// Adds a device; `id` may be left out (a new id), times default to the clock, `badge` to 0.
    static func restoreDevice(
        _ json: JSON, into state: inout TwinPushState, services: inout VendorServices
    ) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "", allowed: deviceKeys)
        let app = try fields.requiredString("app_id")
        let udid = try fields.requiredString("udid")
        let platform = try fields.requiredString("platform")
        guard TwinPush.platforms.contains(platform) else {
            throw fields.failure("platform", "must be ios, android or huawei, not \"\(platform)\"")
        }
        guard state.deviceIndex(.init(app: app, udid: udid, platform: platform)) == nil else {
            throw fields.failure("udid", "\(udid) (\(platform)) is registered in app \(app) twice")
        }
        let id: String
        if let given = try fields.string("id") {
            guard state.deviceIndex(id: given) == nil else { throw fields.failure("id", "\(given) is given twice") }
            services.reserveID(given)
            id = given
        } else {
            id = services.nextID(.twinPushDevice)
        }
        let createdAt = try fields.date("created_at") ?? services.now
        var device = TwinPush.Device(id: id, appID: app, udid: udid, platform: platform, now: createdAt)
        device.pushToken = try fields.string("push_token", nonEmpty: false).flatMap { $0.isEmpty ? nil : $0 }
        device.language = try fields.string("language", nonEmpty: false)
        device.deviceCode = try fields.string("device_code", nonEmpty: false)
        device.deviceModel = try fields.string("device_model", nonEmpty: false)
        device.deviceManufacturer = try fields.string("device_manufacturer", nonEmpty: false)
        device.appVersion = try fields.string("app_version", nonEmpty: false)
        device.sdkVersion = try fields.string("sdk_version", nonEmpty: false)
        device.osVersion = try fields.string("os_version", nonEmpty: false)
        device.osName = try fields.string("os_name", nonEmpty: false)
        device.osVersionCode = try fields.int("os_version_code", in: Int.min...Int.max)
        device.badge = try fields.int("badge", in: 0...TwinPushBadge.limit) ?? 0
        device.customProperties = try properties(fields)
        device.location = try location(fields)
        device.updatedAt = try fields.date("updated_at") ?? createdAt
        device.lastRegisteredAt = try fields.date("last_registered_at") ?? createdAt
        device.registrationUpdatedAt = try fields.date("registration_updated_at") ?? createdAt
        device.appOpenedAt = try fields.date("app_opened_at")
        device.appClosedAt = try fields.date("app_closed_at")
        let received = try self.received(fields, device: id, services: services)
        let index = state.insert(device)
        state.records[index].received = received
        state.setAlias(index, to: try fields.string("alias_device", nonEmpty: false).flatMap { $0.isEmpty ? nil : $0 })
        if state.declaredApps[app] == nil { state.markProvisioned(app) }
    }

    private static func properties(_ fields: JSONFields) throws(JSONFieldError) -> [TwinPush.CustomProperty] {
        var result: [TwinPush.CustomProperty] = []
        for (index, item) in (try fields.array("custom_properties") ?? []).enumerated() {
            let path = fields.childPath("custom_properties[\(index)]")
            let property = try JSONFields(item, path: path, allowed: ["name", "type", "value"])
            let name = try property.requiredString("name")
            guard !result.contains(where: { $0.name.hasSameBytes(as: name) }) else {
                throw property.failure("name", "\(name) is given twice")
            }
            let typeName = try property.requiredString("type")
            guard let type = TwinPush.PropertyType(rawValue: typeName) else {
                let types = TwinPush.PropertyType.allCases.map(\.rawValue)
                throw property.failure("type", "must be \(JSONFields.list(types)), not \"\(typeName)\"")
            }
            let value = try property.required("value")
            guard let stored = TwinPushHandler.coerce(value, to: type) else {
                throw property.failure("value", "\(JSONFields.describe(value)) is not a valid \(typeName)")
            }
            result.append(TwinPush.CustomProperty(name: name, type: type, value: stored))
        }
        return result
    }

    private static func location(_ fields: JSONFields) throws(JSONFieldError) -> TwinPush.Location? {
        guard let value = fields.value("location") else { return nil }
        let location = try JSONFields(
            value, path: fields.childPath("location"), allowed: ["latitude", "longitude", "reported_at"])
        guard let latitude = try location.double("latitude", in: -90...90) else {
            throw location.failure("latitude", "is required")
        }
        guard let longitude = try location.double("longitude", in: -180...180) else {
            throw location.failure("longitude", "is required")
        }
        guard let reportedAt = try location.date("reported_at") else {
            throw location.failure("reported_at", "is required")
        }
        return TwinPush.Location(latitude: latitude, longitude: longitude, reportedAt: reportedAt)
    }

    /// `received`: the device's deliveries, each of which must be in the delivery log for this device.
    private static func received(
        _ fields: JSONFields, device: String, services: VendorServices
    ) throws(JSONFieldError) -> [TwinPushState.Received] {
        var result: [TwinPushState.Received] = []
        for (index, item) in (try fields.array("received") ?? []).enumerated() {
            let entry = try JSONFields(
                item, path: fields.childPath("received[\(index)]"), allowed: ["notification", "delivery", "hidden"])
            let notification = try entry.requiredString("notification")
            let deliveryID = try entry.requiredString("delivery")
            guard let delivery = services.delivery(id: deliveryID) else {
                throw entry.failure("delivery", "\(deliveryID) is not a delivery of the document (deliveries)")
            }
            guard delivery.vendor == .twinPush, delivery.deviceID == device, delivery.notificationID == notification
            else {
                throw entry.failure(
                    "delivery", "\(deliveryID) is a delivery of \(delivery.notificationID) to \(delivery.deviceID)")
            }
            var received = TwinPushState.Received(notificationID: notification, deliveryID: deliveryID)
            received.hidden = try entry.bool("hidden") ?? false
            result.append(received)
        }
        return result
    }
}
