/// What a vendor's card tells the dashboard's other panels (docs/dashboard.md): how its declared apps are named (the
/// apps the send form suggests), the fields of its notifications (the scheduled ones are listed by the clock), and
/// its devices' inbox.
extension VendorCard {
    /// The vendor's entry of the declared apps (`apps` of `GET /__pushfake/state`, keyed by the vendor's name).
    public struct Apps: Sendable, Equatable {
        /// The member of an app record naming the app; `nil`: each app is its name.
        public var name: String?

        public init(name: String?) { self.name = name }
    }

    /// The members of a notification record in the list ``VendorCard/notifications`` names.
    public struct NotificationFields: Sendable, Equatable {
        public var id = "id"
        public var title: String?
        public var body: String
        public var app: String
        /// The member holding its status, and the status of one the clock has not released yet.
        public var status: String
        public var scheduled: String
        /// The member holding when it is due, and the one counting its deliveries.
        public var due: String
        public var delivered: String?

        public init(body: String, app: String, status: String, scheduled: String, due: String) {
            self.body = body
            self.app = app
            self.status = status
            self.scheduled = scheduled
            self.due = due
        }
    }

    /// The member of the vendor's section listing inbox items, with the members of an item: the app and the
    /// device heading it belongs to (matched in any case), its notification's id, and when it was received and
    /// opened.
    public struct Inbox: Sendable, Equatable {
        public var list: String
        public var app: String
        public var heading: String
        public var notification: String
        public var received: String
        public var opened: String

        public init(
            list: String, app: String, heading: String, notification: String, received: String, opened: String
        ) {
            self.list = list
            self.app = app
            self.heading = heading
            self.notification = notification
            self.received = received
            self.opened = opened
        }
    }
}

extension VendorCard.Apps: WireType {
    /// `{"name"}`: the member naming a declared app, `null` when each app is its name.
    public static let wire = WireDescription<VendorCard.Apps>(
        VendorCard.Apps(name: nil),
        fields: [
            .optional("name", \.name, .string, writesNull: true, "The member of an app record naming the app.")
        ], answer: true)
}

extension VendorCard.NotificationFields: WireType {
    /// The members of a notification record, `title` and `delivered` `null` when it has none.
    public static let wire = WireDescription<VendorCard.NotificationFields>(
        summary: "The members of the vendor's notification records.",
        VendorCard.NotificationFields(body: "", app: "", status: "", scheduled: "", due: ""),
        fields: [
            .required("id", \.id, .string), .optional("title", \.title, .string, writesNull: true),
            .required("body", \.body, .string), .required("app", \.app, .string),
            .required("status", \.status, .string), .required("scheduled", \.scheduled, .string),
            .required("due", \.due, .string), .optional("delivered", \.delivered, .string, writesNull: true),
        ], answer: true)
}

extension VendorCard.Inbox: WireType {
    /// The inbox list and the members of an item.
    public static let wire = WireDescription<VendorCard.Inbox>(
        summary: "The devices' inbox: the list in the vendor's section and the members of an item.",
        VendorCard.Inbox(list: "", app: "", heading: "", notification: "", received: "", opened: ""),
        fields: [
            .required("list", \.list, .string), .required("app", \.app, .string),
            .required("heading", \.heading, .string), .required("notification", \.notification, .string),
            .required("received", \.received, .string), .required("opened", \.opened, .string),
        ], answer: true)
}
