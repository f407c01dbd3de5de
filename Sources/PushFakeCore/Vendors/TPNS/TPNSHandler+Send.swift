extension TPNSHandler {
    /// One validated element of a send body.
    private struct SendRequest {
        var message: String
        var handlingLevel: Int
        var applicationKey: String
        var applicationTypes: [String]
        var deviceIds: [String]?
    }

    /// `POST …/api/pushnotifications` (*fake-specific response*, FakeBehaviour.md TPNS): atomic — any invalid element
    /// means 422 naming `[index].field` and nothing is sent. A delivery the push networks would refuse
    /// (DeliveryChecks.md) lists its device under `failedDeviceIds`.
    static func send(_ context: inout VendorContext, state: inout TPNSState, services: inout VendorServices)
        -> FakeResponse
    {
        guard let elements = context.body?.arrayValue else {
            return validationFailure([FieldError("body", "must be a JSON array of notifications", .invalidType)])
        }
        guard !elements.isEmpty else {
            return validationFailure([FieldError("body", "must contain at least one notification", .notEmpty)])
        }
        var errors: [FieldError] = []
        var requests: [SendRequest] = []
        for (index, element) in elements.enumerated() {
            if let request = validate(element, index: index, state: &state, notes: &context.notes, &errors) {
                requests.append(request)
            }
        }
        guard errors.isEmpty else { return validationFailure(errors) }

        var results: [JSON] = []
        for (index, request) in requests.enumerated() {
            results.append(
                .object(deliver(request, index: index, context: &context, state: &state, services: &services)))
        }
        return success(["results": .array(results)])
    }

    private static func validate(
        _ element: JSON, index: Int, state: inout TPNSState, notes: inout [String], _ errors: inout [FieldError]
    ) -> SendRequest? {
        let prefix = "[\(index)]."
        guard let object = element.objectValue else {
            errors.append(FieldError("[\(index)]", "must be a notification object", .invalidType))
            return nil
        }
        var local: [FieldError] = []
        let message = requiredString(object, "message", &local)
        let handlingLevel = TPNSFields.handlingLevel.integer(in: object, within: 1...3)
        switch handlingLevel {
        case .absent: local.append(FieldError("handlingLevel", "must not be empty", .notEmpty))
        case .invalid: local.append(FieldError("handlingLevel", "must be 1, 2 or 3", .invalidValue))
        case .value: break
        }
        let applicationKey = requiredString(object, "applicationKey", &local)
        if let applicationKey, !state.admit(applicationKey, notes: &notes) {
            local.append(FieldError("applicationKey", "is not a known application key", .unknownApplication))
        }
        var types: [String] = []
        if let items = object["applicationTypes"]?.arrayValue, !items.isEmpty,
            items.allSatisfy({ $0.stringValue.map(TPNS.applicationTypes.contains) ?? false })
        {
            for item in items.compactMap(\.stringValue) where !types.contains(item) { types.append(item) }
        } else {
            local.append(
                FieldError("applicationTypes", "must be a non-empty array of IOS, IOS_SAND, AOS", .invalidValue))
        }
        var deviceIds: [String]?
        switch object["deviceIds"] {
        case nil, .null?: deviceIds = nil
        case .array(let items)? where items.allSatisfy({ !($0.stringValue ?? "").isEmpty }):
            // Two ids are two devices unless their bytes are equal (FakeBehaviour.md, Identity). Sized up front: a
            // send may name a million ids, and regrowing the set rehashes them all each time.
            var seen = Set<WireKey>(minimumCapacity: items.count)
            deviceIds = items.compactMap(\.stringValue).filter { seen.insert($0).inserted }
        default:
            local.append(FieldError("deviceIds", "must be null or an array of non-empty strings", .invalidType))
        }
        errors += local.map { FieldError(prefix + $0.field, $0.message, $0.errorCode) }
        guard local.isEmpty, let message, let level = handlingLevel.value, let applicationKey else { return nil }
        return SendRequest(
            message: message, handlingLevel: level, applicationKey: applicationKey, applicationTypes: types,
            deviceIds: deviceIds)
    }

    /// Resolves targets, records one delivery per reachable device, and builds the element's result.
    private static func deliver(
        _ request: SendRequest, index: Int, context: inout VendorContext, state: inout TPNSState,
        services: inout VendorServices
    ) -> JSONObject {
        let notificationId = services.nextID(.tpnsNotification)
        var delivered: [String] = []
        var unknown: [String] = []
        var inactive: [String] = []
        var failed: [String] = []
        var reasons: [String] = []
        // Positions in the state's device list: each device is read in place (a fan-out may reach a million).
        let targets: [Int]
        if let deviceIds = request.deviceIds {
            var found: [Int] = []
            for deviceId in deviceIds {
                let key = TPNSState.DeviceKey(applicationKey: request.applicationKey, deviceId: deviceId)
                if let position = state.deviceIndex(key),
                    request.applicationTypes.contains(state.devices[position].applicationType)
                {
                    found.append(position)
                } else {
                    unknown.append(deviceId)
                }
            }
            targets = found
        } else {
            targets = state.devicePositions(applicationKey: request.applicationKey, types: request.applicationTypes)
        }
        let payloads = Payloads(message: request.message)
        services.reserveDeliveryCapacity(forAdditional: targets.count)
        delivered.reserveCapacity(targets.count)
        for position in targets {
            let deviceId = state.devices[position].deviceId
            guard state.devices[position].isActive, let token = state.devices[position].deviceRegistrationId else {
                inactive.append(deviceId)
                continue
            }
            let platform = state.devices[position].platform
            let status = services.store(
                Delivery(
                    id: services.nextID(.delivery), vendor: .tpns, app: request.applicationKey,
                    notificationID: notificationId, deviceID: deviceId, platform: platform, token: token,
                    payload: payloads.bytes(for: platform), status: .delivered, createdAt: context.now))
            if case .failed(let reason) = status {
                failed.append(deviceId)
                if !reasons.contains(reason) { reasons.append(reason) }
            } else {
                delivered.append(deviceId)
            }
        }
        state.record(
            TPNS.Notification(
                notificationId: notificationId, message: request.message, handlingLevel: request.handlingLevel,
                applicationKey: request.applicationKey, applicationTypes: request.applicationTypes,
                deviceIds: request.deviceIds, sentAt: context.now, deliveredDeviceIds: delivered,
                unknownDeviceIds: unknown, inactiveDeviceIds: inactive, failedDeviceIds: failed))
        context.notes.append(
            "send \(index): \(delivered.count) delivered, \(unknown.count) unknown, \(inactive.count) inactive"
                + (failed.isEmpty ? "" : ", \(failed.count) failed (\(reasons.joined(separator: ", ")))"))
        return [
            "index": .int(index), "notificationId": .string(notificationId),
            "deliveredDeviceIds": .array(delivered.map(JSON.string)),
            "unknownDeviceIds": .array(unknown.map(JSON.string)),
            "inactiveDeviceIds": .array(inactive.map(JSON.string)),
            "failedDeviceIds": .array(failed.map(JSON.string)),
        ]
    }

    /// The platform payloads of one send, serialized once and shared by every delivery (FakeBehaviour.md TPNS).
    struct Payloads {
        let apple: [UInt8]
        let android: [UInt8]

        init(message: String) {
            apple = JSON.object(["aps": ["alert": .string(message), "sound": "default"]]).serialized()
            android = JSON.object(["message": .string(message)]).serialized()
        }

        func bytes(for platform: Delivery.Platform) -> [UInt8] {
            platform.isApple ? apple : android
        }
    }
}
