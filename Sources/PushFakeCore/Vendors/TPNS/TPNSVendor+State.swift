import Foundation

/// TPNS in state documents (StateFormat.md, "TPNS"): `{"autoProvisionedApps", "devices", "notifications"}`, the
/// devices and sends as the admin API writes them (``TPNS/Device/jsonValue``, ``TPNS/Notification/jsonValue``).
/// Registers still in flight are not state: they are forgotten.
extension TPNSVendor {
    func snapshot(_ state: TPNSState) -> JSON? {
        [
            "autoProvisionedApps": .array(state.autoProvisionedApps.map(JSON.string)),
            "devices": .array(state.devices.map(\.jsonValue)),
            "notifications": .array(state.notifications.map(\.jsonValue)),
        ]
    }

    func restore(_ json: JSON, into state: inout TPNSState, services: inout VendorServices) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "", allowed: ["autoProvisionedApps", "devices", "notifications"])
        for key in try fields.strings("autoProvisionedApps") ?? [] { state.markProvisioned(key) }
        // The ids the section gives first, so that an id it leaves out never repeats one given further down.
        for item in fields.value("notifications")?.arrayValue ?? [] {
            if let id = item["notificationId"]?.stringValue { services.reserveID(id) }
        }
        for (index, item) in (try fields.array("devices") ?? []).enumerated() {
            do throws(JSONFieldError) {
                let device = try Self.device(item, now: services.now)
                guard state.device(.init(applicationKey: device.applicationKey, deviceId: device.deviceId)) == nil
                else {
                    throw JSONFieldError(
                        path: "deviceId",
                        problem: "\(device.deviceId) is registered under \(device.applicationKey) twice")
                }
                state.upsert(device)
                if !state.declaredApps.contains(device.applicationKey) { state.markProvisioned(device.applicationKey) }
            } catch {
                throw error.inside("devices[\(index)]")
            }
        }
        for (index, item) in (try fields.array("notifications") ?? []).enumerated() {
            do throws(JSONFieldError) {
                let notification = try Self.notification(item, services: &services)
                guard
                    !state.notifications.contains(where: {
                        $0.notificationId.hasSameBytes(as: notification.notificationId)
                    })
                else {
                    throw JSONFieldError(
                        path: "notificationId", problem: "\(notification.notificationId) is given twice")
                }
                state.record(notification)
            } catch {
                throw error.inside("notifications[\(index)]")
            }
        }
    }

    /// ``TPNS/Device/jsonValue``; `deviceRegistrationId` `null`, `""` or `"-1"` is no token, `active` defaults to
    /// `true`, `createdAt` to the clock and `updatedAt` to `createdAt`.
    static func device(_ json: JSON, now: Date) throws(JSONFieldError) -> TPNS.Device {
        let fields = try JSONFields(
            json, path: "",
            allowed: [
                "applicationKey", "deviceId", "deviceRegistrationId", "applicationType", "additionalParameters",
                "active", "createdAt", "updatedAt", "unregisteredAt",
            ])
        let applicationType = try fields.requiredString("applicationType")
        guard TPNS.applicationTypes.contains(applicationType) else {
            throw fields.failure("applicationType", "must be IOS, IOS_SAND or AOS, not \"\(applicationType)\"")
        }
        let token = try fields.string("deviceRegistrationId", nonEmpty: false)
        let parameters = fields.value("additionalParameters")
        if let parameters, !(parameters.arrayValue?.allSatisfy { $0["key"]?.stringValue != nil } ?? false) {
            throw fields.failure("additionalParameters", #"must be null or an array of {"key": string, "value": …}"#)
        }
        let active = try fields.bool("active") ?? true
        let createdAt = try fields.date("createdAt") ?? now
        let unregisteredAt = try fields.date("unregisteredAt")
        if active, unregisteredAt != nil {
            throw fields.failure("unregisteredAt", "is only for an inactive device (active false)")
        }
        return TPNS.Device(
            applicationKey: try fields.requiredString("applicationKey"),
            deviceId: try fields.requiredString("deviceId"),
            deviceRegistrationId: token == "" || token == "-1" ? nil : token, applicationType: applicationType,
            additionalParameters: parameters, isActive: active, createdAt: createdAt,
            updatedAt: try fields.date("updatedAt") ?? createdAt, unregisteredAt: unregisteredAt)
    }

    /// ``TPNS/Notification/jsonValue``; `notificationId` may be left out (a new id), `sentAt` (the clock) and the
    /// outcome lists (empty) too.
    static func notification(_ json: JSON, services: inout VendorServices) throws(JSONFieldError) -> TPNS.Notification {
        let lists = ["deliveredDeviceIds", "unknownDeviceIds", "inactiveDeviceIds", "failedDeviceIds"]
        let fields = try JSONFields(
            json, path: "",
            allowed: [
                "notificationId", "message", "handlingLevel", "applicationKey", "applicationTypes", "deviceIds",
                "sentAt",
            ]
                + lists)
        let id: String
        if let given = try fields.string("notificationId") {
            id = given
            services.reserveID(given)
        } else {
            id = services.nextID(.tpnsNotification)
        }
        guard let level = try fields.int("handlingLevel", in: 1...3) else {
            throw fields.failure("handlingLevel", "is required")
        }
        let types = try fields.strings("applicationTypes") ?? []
        guard !types.isEmpty, types.allSatisfy(TPNS.applicationTypes.contains) else {
            throw fields.failure("applicationTypes", "must be a non-empty array of IOS, IOS_SAND, AOS")
        }
        var outcome: [[String]] = []
        for name in lists { outcome.append(try fields.strings(name) ?? []) }
        return TPNS.Notification(
            notificationId: id, message: try fields.requiredString("message"), handlingLevel: level,
            applicationKey: try fields.requiredString("applicationKey"), applicationTypes: types,
            deviceIds: try fields.strings("deviceIds"), sentAt: try fields.date("sentAt") ?? services.now,
            deliveredDeviceIds: outcome[0], unknownDeviceIds: outcome[1], inactiveDeviceIds: outcome[2],
            failedDeviceIds: outcome[3])
    }
}
