extension TwinPushVendor {
    /// A TwinPush device on the dashboard: headed by its alias, with its badge and custom properties; `active`
    /// comes from `GET /__pushfake/devices`. A delivery whose notification was deleted is drawn so; devices show
    /// their inbox, the clock panel the scheduled notifications; a notification is sent with the create form (with
    /// the declared app's creator token), and a fault rule may answer with a TwinPush error type. The fleet view
    /// counts a device from its register (its `platform` as sent), its app opened and closed, and the receipts and
    /// opens of its deliveries; TwinPush has no unregister. Its phone part names the payload keys the SDKs read
    /// (TwinPushWireProtocol.md §7): the rich URL `tp_rich_url`, the Android channel `tp_channel_id` inside `custom`,
    /// the silent tag `tp_silent` in `tags`.
    var card: VendorCard? {
        var card = VendorCard(id: "id", app: "app_id", platform: "platform")
        card.token = "push_token"
        card.heading = "alias_device"
        card.active = "active"
        card.activeInDevicesView = true
        card.facts = [VendorCard.Fact("alias", "alias_device"), VendorCard.Fact("badge", "badge")]
        card.properties = ("custom_properties", "name", "value")
        card.notifications = "notifications"
        var fields = VendorCard.NotificationFields(
            body: "alert", app: "app_id", status: "status", scheduled: "scheduled", due: "send_since")
        fields.title = "title"
        fields.delivered = "delivery_count"
        card.notificationFields = fields
        card.inbox = VendorCard.Inbox(
            list: "inbox", app: "app_id", heading: "alias", notification: "notification", received: "received_at",
            opened: "open_at")
        card.apps = VendorCard.Apps(name: "id")
        card.send = Self.sendForm
        var fault = VendorCard.FaultForm(
            key: "twinPushError", label: "TwinPush error",
            codes: TwinPushErrorType.catalogue.map { .string($0.rawValue) },
            value: .string(TwinPushErrorType.invalidToken.rawValue))
        fault.openEnded = true
        card.fault = fault
        card.fleet = VendorCard.Fleet(
            moves: [
                Operation.register.rawValue: .registered, Operation.openApp.rawValue: .foreground,
                Operation.closeApp.rawValue: .background, Operation.receivedNotification.rawValue: .received,
                Operation.openNotification.rawValue: .opened,
            ], platform: "platform")
        var phone = VendorCard.Phone()
        phone.richURL = "tp_rich_url"
        (phone.channel, phone.channelIn) = ("tp_channel_id", "custom")
        (phone.silentTag, phone.tagsIn) = ("tp_silent", "tags")
        card.phone = phone
        return card
    }

    /// A notification created for an app, to aliases, device ids or every device.
    private static var sendForm: VendorCard.SendForm {
        var app = VendorCard.Field("app", "App", .text, required: true)
        app.inPath = true
        app.suggestsApps = true
        var targets = VendorCard.Field("targets", "Aliases or device ids", .list)
        targets.targets = [
            VendorCard.Target("aliases", member: "devices_aliases"),
            VendorCard.Target("device ids", member: "devices_ids"),
            VendorCard.Target("all devices", member: "broadcast", value: true),
        ]
        targets.placeholder = "alice, bob"
        var badge = VendorCard.Field("badge", "Badge", .text)
        badge.placeholder = "+1"
        var since = VendorCard.Field("send_since", "Send since", .text)
        since.placeholder = "2026-01-01 09:00:00 UTC"
        var url = VendorCard.Field("url", "Rich URL", .text)
        url.placeholder = "https://…"
        var custom = VendorCard.Field("custom_properties", "Custom properties (JSON object)", .json)
        custom.placeholder = #"{"order": "42"}"#
        var form = VendorCard.SendForm(
            route: "POST /api/v2/apps/{app}/notifications", label: "Send TwinPush notification",
            fields: [
                app, targets, VendorCard.Field("title", "Title", .text),
                VendorCard.Field("alert", "Alert", .text, required: true), badge, since, url, custom,
                VendorCard.Field("inbox", "inbox", .flag),
                VendorCard.Field("mutable_content", "mutable content", .flag),
            ])
        form.appHeaders = [VendorCard.AppHeader("X-TwinPush-REST-API-Key-Creator", member: "creatorToken")]
        form.notificationIDs = ["objects", "*", "id"]
        return form
    }
}
