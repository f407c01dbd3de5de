extension TPNSVendor {
    /// A TPNS device on the dashboard: its key, app key, type (`AOS` is Android, `IOS` iOS), registration id,
    /// `active` and additional parameters, from the `devices` of its state section; a push is sent with the
    /// `pushnotifications` form, and a fault rule may answer with a TPNS error code. The fleet view counts a
    /// device from its register (its `applicationType` read through `platforms`) to its unregister.
    var card: VendorCard? {
        var card = VendorCard(id: "deviceId", app: "applicationKey", platform: "applicationType")
        // TPNSWireProtocol.md: IOS and IOS_SAND come from iOS, AOS from Android (TPNS.applicationTypes).
        card.platforms = ["AOS": "android", "IOS": "ios", "IOS_SAND": "ios"]
        card.token = "deviceRegistrationId"
        card.active = "active"
        card.facts = [VendorCard.Fact("type", "applicationType")]
        card.properties = ("additionalParameters", "key", "value")
        card.apps = VendorCard.Apps(name: nil)
        card.send = Self.sendForm
        card.fault = VendorCard.FaultForm(
            key: "tpnsError", label: "TPNS error", codes: TPNSErrorCode.allCases.map { .int($0.rawValue) },
            value: .int(TPNSErrorCode.registrationIsAlreadyInProgress.rawValue))
        card.fleet = VendorCard.Fleet(
            moves: [Operation.register.rawValue: .registered, Operation.unregister.rawValue: .unregistered],
            platform: "applicationType")
        return card
    }

    /// One push (`[{…}]`) for an application key, to the types checked or to the device ids given.
    private static var sendForm: VendorCard.SendForm {
        var key = VendorCard.Field("applicationKey", "Application key", .text, required: true)
        key.suggestsApps = true
        var types = VendorCard.Field(
            "applicationTypes", "Application types", .choices, value: ["IOS", "IOS_SAND", "AOS"])
        types.options = ["IOS", "IOS_SAND", "AOS"]
        types.whenEmpty = .emptyArray
        var level = VendorCard.Field("handlingLevel", "Handling level", .choice, value: 1)
        level.options = [1, 2, 3]
        var ids = VendorCard.Field("deviceIds", "Device ids", .list)
        ids.whenEmpty = .null
        ids.placeholder = "all of the types"
        var form = VendorCard.SendForm(
            route: "POST /TPNS/api/pushnotifications", label: "Send TPNS push",
            fields: [key, VendorCard.Field("message", "Message", .text, required: true), types, level, ids])
        form.bodyIsArray = true
        form.notificationIDs = ["results", "*", "notificationId"]
        return form
    }
}
