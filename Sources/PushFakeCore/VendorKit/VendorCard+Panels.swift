/// What a vendor's card tells the dashboard's other panels (docs/dashboard.md): how its declared apps are named (the
/// apps the send form suggests), the fields of its notifications (the scheduled ones are listed by the clock), and
/// its devices' inbox.
extension VendorCard {
    /// The vendor's entry of the declared apps (`apps` of `GET /__pushfake/state`, keyed by the vendor's name).
    public struct Apps: Sendable, Equatable {
        /// The member of an app record naming the app; `nil`: each app is its name.
        public var name: String?

        public init(name: String?) { self.name = name }

        var jsonValue: JSON { ["name": name.map(JSON.string) ?? .null] }
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

        var jsonValue: JSON {
            func text(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
            return [
                "id": .string(id), "title": text(title), "body": .string(body), "app": .string(app),
                "status": .string(status), "scheduled": .string(scheduled), "due": .string(due),
                "delivered": text(delivered),
            ]
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

        var jsonValue: JSON {
            [
                "list": .string(list), "app": .string(app), "heading": .string(heading),
                "notification": .string(notification), "received": .string(received), "opened": .string(opened),
            ]
        }
    }
}
