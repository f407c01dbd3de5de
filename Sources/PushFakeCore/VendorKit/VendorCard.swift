/// How the dashboard draws a vendor's devices and deliveries, as data its generic script renders
/// (docs/dashboard.md): which members of the device records in the vendor's state-document section
/// (``PushVendor/snapshot(_:)``) give the id, app, platform, token, heading and facts, with their labels; and the
/// vendor's send form, fault preset, notification fields, inbox and apps (VendorCard+Forms.swift,
/// VendorCard+Panels.swift), how the fleet view counts its devices (VendorCard+Fleet.swift) and which keys of its
/// payloads the phone drawing reads (VendorCard+Phone.swift). Its one description (``wire``,
/// VendorCard+Wire.swift) gives both the JSON `GET /__pushfake/vendors` serves with each vendor's name and display
/// name (every member present, `null` when not set) and its schema in the admin API's OpenAPI document.
public struct VendorCard: Sendable, Equatable {
    /// A labelled member of a device record, shown as one fact of its card.
    public struct Fact: Sendable, Equatable {
        public var label: String
        public var member: String

        public init(_ label: String, _ member: String) {
            self.label = label
            self.member = member
        }
    }

    /// The member of the section holding the device records (`devices`).
    public var devices = "devices"
    /// The members of a device record with its id, app, platform and push token.
    public var id: String
    public var app: String
    public var platform: String
    public var token: String?
    /// Platform values mapped to the dashboard's `ios`, `android`, `huawei` (`AOS` → `android`); a value not
    /// listed is taken as it is.
    public var platforms: [String: String] = [:]
    /// The member shown as the card's heading when set (an alias); else the id.
    public var heading: String?
    /// The member saying whether the device is active; `nil`: always active.
    public var active: String?
    /// Whether ``active`` is read from the device's record in `GET /__pushfake/devices` rather than the state.
    public var activeInDevicesView = false
    /// More facts, in order.
    public var facts: [Fact] = []
    /// The member holding a device's properties as a list of records, with the members of their key and value.
    public var properties: (list: String, key: String, value: String)?
    /// The member of the section listing the vendor's notifications by `id`: a delivery whose notification is no
    /// longer there is drawn as deleted. `nil`: never.
    public var notifications: String?
    /// The members of those notifications, for the scheduled ones the clock panel lists.
    public var notificationFields: NotificationFields?
    /// The devices' inbox, drawn under their cards.
    public var inbox: Inbox?
    /// How the vendor's declared apps are named; `nil`: it declares none.
    public var apps: Apps?
    /// The form the dashboard sends a notification with, through the vendor's own route.
    public var send: SendForm?
    /// The vendor's fault key as the fault form offers it.
    public var fault: FaultForm?
    /// How the fleet view counts the vendor's devices from its journal entries (VendorCard+Fleet.swift); `nil`:
    /// they are counted from their deliveries only.
    public var fleet: Fleet?
    /// The keys of the vendor's payloads the dashboard draws a delivery on the phone with (VendorCard+Phone.swift):
    /// its rich media URL, Android notification channel and silent tag; `nil`: only what APNs and FCM define.
    public var phone: Phone?

    /// A card reading the device records' `id`, `app` and `platform` members.
    public init(id: String, app: String, platform: String) {
        self.id = id
        self.app = app
        self.platform = platform
    }

    public static func == (lhs: VendorCard, rhs: VendorCard) -> Bool {
        lhs.wireJSON == rhs.wireJSON
    }
}
