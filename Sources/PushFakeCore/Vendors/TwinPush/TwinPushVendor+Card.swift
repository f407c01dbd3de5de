extension TwinPushVendor {
    /// A TwinPush device on the dashboard: headed by its alias, with its badge and custom properties; `active`
    /// comes from `GET /__pushfake/devices`. A delivery whose notification was deleted is drawn so.
    var card: VendorCard? {
        var card = VendorCard(id: "id", app: "app_id", platform: "platform")
        card.token = "push_token"
        card.heading = "alias_device"
        card.active = "active"
        card.activeInDevicesView = true
        card.facts = [VendorCard.Fact("alias", "alias_device"), VendorCard.Fact("badge", "badge")]
        card.properties = ("custom_properties", "name", "value")
        card.notifications = "notifications"
        return card
    }
}
