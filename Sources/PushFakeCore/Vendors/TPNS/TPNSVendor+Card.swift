extension TPNSVendor {
    /// A TPNS device on the dashboard: its key, app key, type (`AOS` is Android, `IOS` iOS), registration id,
    /// `active` and additional parameters, from the `devices` of its state section.
    var card: VendorCard? {
        var card = VendorCard(id: "deviceId", app: "applicationKey", platform: "applicationType")
        card.platforms = ["AOS": "android", "IOS": "ios", "IOS_SAND": "ios"]
        card.token = "deviceRegistrationId"
        card.active = "active"
        card.facts = [VendorCard.Fact("type", "applicationType")]
        card.properties = ("additionalParameters", "key", "value")
        return card
    }
}
