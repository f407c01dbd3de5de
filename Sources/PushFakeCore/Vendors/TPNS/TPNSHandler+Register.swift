extension TPNSHandler {
    private static let newDevice = FixedNote("new device")
    private static let deviceReactivated = FixedNote("device reactivated")
    private static let deviceUpdated = FixedNote("device updated")

    /// `POST …/api/device/register`: validate, upsert on (`applicationKey`, `deviceId`), answer 200 with the id.
    static func register(_ context: inout VendorContext, state: inout TPNSState, services: inout VendorServices)
        -> FakeResponse
    {
        guard let body = context.bodyObject else {
            return failure(
                .badRequest, "Request body must be a JSON object",
                [FieldError("body", "must be a JSON object", .invalidType)])
        }
        var errors: [FieldError] = []
        let deviceId = requiredString(body, "deviceId", &errors)
        let applicationKey = requiredString(body, "applicationKey", &errors)
        let applicationType = requiredString(body, "applicationType", &errors)
        if let applicationType, !TPNS.applicationTypes.contains(applicationType) {
            errors.append(FieldError("applicationType", "must be one of IOS, IOS_SAND, AOS", .invalidValue))
        }
        let token = registrationID(body, applicationType: applicationType, &errors)
        if state.requireRegistrationID, token == nil,
            !errors.contains(where: {
                $0.field == "deviceRegistrationId"
            })
        {
            errors.append(FieldError("deviceRegistrationId", "must not be empty", .notEmpty))
        }
        let parameters = body["additionalParameters"]
        if let parameters, !isValidAdditionalParameters(parameters) {
            errors.append(
                FieldError("additionalParameters", "must be an array of {\"key\": string, \"value\": …}", .invalidType)
            )
        }
        if let applicationKey, !state.admit(applicationKey, notes: &context.notes) {
            errors.append(FieldError("applicationKey", "is not a known application key", .unknownApplication))
        }
        guard errors.isEmpty, let deviceId, let applicationKey, let applicationType else {
            return validationFailure(errors)
        }

        let key = TPNSState.DeviceKey(applicationKey: applicationKey, deviceId: deviceId)
        let existingIndex = state.deviceIndex(key)
        // What the register needs of the stored device, read in place: a copy of the device retained every string
        // it holds.
        let existing = existingIndex.map { index in
            (
                isActive: state.devices[index].isActive, createdAt: state.devices[index].createdAt,
                // Only the state check reads it.
                sameToken: state.stateChecks && String.sameBytes(state.devices[index].deviceRegistrationId, token)
            )
        }
        if state.stateChecks {
            if state.isInFlight(key) {
                context.notes.append("state check: an earlier register for this device is still in flight")
                return TPNSErrorCode.registrationIsAlreadyInProgress.response
            }
            if let existing, existing.isActive, existing.sameToken {
                context.notes.append("state check: already registered with this token")
                return TPNSErrorCode.unregisterBeforeYouRegisterAgain.response
            }
        }
        let device = TPNS.Device(
            applicationKey: applicationKey, deviceId: deviceId, deviceRegistrationId: token,
            applicationType: applicationType, additionalParameters: parameters.flatMap { $0.isNull ? nil : $0 },
            isActive: true, createdAt: existing?.createdAt ?? context.now, updatedAt: context.now, unregisteredAt: nil)
        state.upsert(device, at: existingIndex)
        state.markInFlight(key, for: context.responseDelay)
        switch existing {
        case nil: context.add(Self.newDevice)
        case let previous? where !previous.isActive: context.add(Self.deviceReactivated)
        default: context.add(Self.deviceUpdated)
        }
        if token == nil {
            context.notes.append("registered without a token: sends will not deliver to this device")
        }
        return registered(deviceId)
    }

    /// `PUT …/application/{appKey}/device/{deviceId}/unregister`: always 200 for a well-formed call (TPNSWireProtocol.md §5),
    /// unless state checks are on and the device is not registered (-1000).
    static func unregister(_ context: inout VendorContext, state: inout TPNSState, services: inout VendorServices)
        -> FakeResponse
    {
        let key = TPNSState.DeviceKey(
            applicationKey: context.parameter("appKey"), deviceId: context.parameter("deviceId"))
        guard var device = state.device(key) else {
            context.notes.append("device was not known")
            if state.isStrict, !state.declaredApps.contains(key.applicationKey) {
                context.notes.append("application key is not declared")
            }
            if state.stateChecks { return TPNSErrorCode.deviceNotRegistered.response }
            return success()
        }
        guard device.isActive else {
            context.notes.append("device was known and already unregistered")
            if state.stateChecks { return TPNSErrorCode.deviceNotRegistered.response }
            return success()
        }
        device.isActive = false
        device.unregisteredAt = context.now
        device.updatedAt = context.now
        state.upsert(device)
        context.notes.append("device was known; now unregistered")
        return success()
    }

    // MARK: Field rules

    static func requiredString(_ body: JSONObject, _ field: String, _ errors: inout [FieldError]) -> String? {
        switch body[field] {
        case nil, .null?:
            errors.append(FieldError(field, "must not be empty", .notEmpty))
        case .string(let value)?:
            if value.isEmpty {
                errors.append(FieldError(field, "must not be empty", .notEmpty))
            } else {
                return value
            }
        case let other?:
            errors.append(FieldError(field, "must be a string, not \(other.typeName)", .invalidType))
        }
        return nil
    }

    /// The usable token, or `nil` when absent, `""` or `"-1"` (Android registers before its FCM token arrives,
    /// TPNSWireProtocol.md §4.1). A token in the broken `{length=32,bytes=0x…}` form of TPNS_iOS ≤ 1.1.0 on iOS 13 is an error
    /// (TPNSWireProtocol.md §8).
    private static func registrationID(
        _ body: JSONObject, applicationType: String?, _ errors: inout [FieldError]
    ) -> String? {
        switch body["deviceRegistrationId"] {
        case nil, .null?:
            return nil
        case .string(let value)?:
            if value.isEmpty || value == "-1" { return nil }
            if value.utf8.first == UInt8(ascii: "{"), value.hasPrefix("{length=") {
                errors.append(
                    FieldError(
                        "deviceRegistrationId",
                        "is an NSData description, not a hex token (TPNS_iOS <= 1.1.0 built with the iOS 13 SDK)",
                        .invalidToken))
                return nil
            }
            return value
        case let other?:
            errors.append(FieldError("deviceRegistrationId", "must be a string, not \(other.typeName)", .invalidType))
            return nil
        }
    }

    private static func isValidAdditionalParameters(_ value: JSON) -> Bool {
        if value.isNull { return true }
        guard let items = value.arrayValue else { return false }
        return items.allSatisfy { $0["key"]?.stringValue != nil }
    }
}
