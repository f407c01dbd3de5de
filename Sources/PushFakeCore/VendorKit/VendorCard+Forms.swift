/// The forms a vendor's card gives the dashboard (docs/dashboard.md): a send form drawn from its fields and posted to
/// one of the vendor's routes, and the fault preset its fault form offers. The dashboard's script knows no vendor:
/// it draws and reads these as data.
extension VendorCard {
    /// One input of a form.
    public struct Field: Sendable, Equatable {
        /// How the input is drawn and read into the body.
        public enum Kind: String, Sendable, CaseIterable {
            /// A text; empty is left out.
            case text
            /// A number; empty is left out.
            case number
            /// Texts separated by commas or spaces, sent as an array of strings.
            case list
            /// A JSON object typed in, sent as it is.
            case json
            /// A check box: `true` when checked, left out otherwise.
            case flag
            /// One of ``Field/options``.
            case choice
            /// Any of ``Field/options`` (check boxes), sent as an array.
            case choices
        }

        /// What an input left empty sends.
        public enum Empty: String, Sendable, CaseIterable {
            /// Nothing: the member is left out.
            case omit
            /// `null`.
            case null
            /// `[]`.
            case emptyArray
        }

        /// The body member the input fills, or the route's path parameter when ``inPath``.
        public var name: String
        public var label: String
        public var kind: Kind
        public var required = false
        /// The value the form starts with (for `choices`, an array of the options checked).
        public var value: JSON?
        /// The values a `choice` or `choices` input offers.
        public var options: [JSON] = []
        /// Whether the input fills a path parameter of the route rather than a body member.
        public var inPath = false
        /// What an empty `list` or `choices` sends.
        public var whenEmpty: Empty = .omit
        /// Whether the input suggests the vendor's apps (declared ones and those its devices name).
        public var suggestsApps = false
        /// A hint shown in the empty input.
        public var placeholder: String?
        /// For a `list`: the members it may fill, one chosen by the user; one with a ``Target/value`` sends that
        /// value instead of the list (`broadcast: true`).
        public var targets: [Target] = []

        public init(_ name: String, _ label: String, _ kind: Kind, required: Bool = false, value: JSON? = nil) {
            self.name = name
            self.label = label
            self.kind = kind
            self.required = required
            self.value = value
        }
    }

    /// A member a `list` field may fill.
    public struct Target: Sendable, Equatable {
        public var label: String
        public var member: String
        /// Sent in place of the list when set.
        public var value: JSON?

        public init(_ label: String, member: String, value: JSON? = nil) {
            self.label = label
            self.member = member
            self.value = value
        }
    }

    /// A header the send form takes from the declared app it sends for (a creator token).
    public struct AppHeader: Sendable, Equatable {
        public var header: String
        /// The member of the declared app's record holding the header's value.
        public var member: String

        public init(_ header: String, member: String) {
            self.header = header
            self.member = member
        }
    }

    /// The send form: its fields, posted as JSON to one of the vendor's routes (as `GET /__pushfake/routes` lists
    /// it, `POST /api/…/{app}/notifications`), whose answer names the notifications made.
    public struct SendForm: Sendable, Equatable {
        /// The route posted to, `METHOD template`; its path parameters are fields `inPath`.
        public var route: String
        /// The submit button's text.
        public var label: String
        public var fields: [Field]
        /// Whether the body is an array holding the one object the fields make.
        public var bodyIsArray = false
        public var appHeaders: [AppHeader] = []
        /// Where the answer holds the notification ids, member by member; `*` is every item of an array
        /// (`["objects", "*", "id"]`).
        public var notificationIDs: [String] = []

        public init(route: String, label: String, fields: [Field]) {
            self.route = route
            self.label = label
            self.fields = fields
        }
    }

    /// The vendor's fault key as the fault form offers it: its label, the error codes to pick from, the default.
    public struct FaultForm: Sendable, Equatable {
        /// The key of the `fault` object (``VendorFaultKey/key``).
        public var key: String
        public var label: String
        /// The codes offered; the form takes any other a `text` key accepts.
        public var codes: [JSON]
        public var value: JSON
        /// Whether a code not listed may be typed in.
        public var openEnded = false

        public init(key: String, label: String, codes: [JSON], value: JSON) {
            self.key = key
            self.label = label
            self.codes = codes
            self.value = value
        }
    }
}

extension VendorCard.Field: WireType {
    /// One input of a form, every member written (`value` and `placeholder` `null` when not set).
    public static let wire = WireDescription<VendorCard.Field>(
        summary: "One input of a form: the body member or path parameter it fills, drawn by its kind.",
        VendorCard.Field("", "", .text),
        fields: [
            .required("name", \.name, .string), .required("label", \.label, .string),
            .required("kind", \.kind, .choice), .required("required", \.required, .bool),
            .optional("value", \.value, .json, writesNull: true, "The value the form starts with."),
            .required("options", \.options, .array(.json), "The values a `choice` or `choices` input offers."),
            .required("inPath", \.inPath, .bool, "Whether it fills a path parameter of the route."),
            .required("whenEmpty", \.whenEmpty, .choice, "What an empty `list` or `choices` sends."),
            .required("suggestsApps", \.suggestsApps, .bool, "Whether it suggests the vendor's apps."),
            .optional("placeholder", \.placeholder, .string, writesNull: true, "A hint shown in the empty input."),
            .required("targets", \.targets, .array(.wire()), "For a `list`: the members it may fill."),
        ], answer: true)
}

extension VendorCard.Target: WireType {
    /// `{"label", "member", "value"}`: a member a `list` field may fill.
    public static let wire = WireDescription<VendorCard.Target>(
        VendorCard.Target("", member: ""),
        fields: [
            .required("label", \.label, .string), .required("member", \.member, .string),
            .optional("value", \.value, .json, writesNull: true, "Sent in place of the list when set."),
        ], answer: true)
}

extension VendorCard.AppHeader: WireType {
    /// `{"header", "member"}`: a header taken from the declared app sent for.
    public static let wire = WireDescription<VendorCard.AppHeader>(
        VendorCard.AppHeader("", member: ""),
        fields: [.required("header", \.header, .string), .required("member", \.member, .string)], answer: true)
}

extension VendorCard.SendForm: WireType {
    /// The send form: its route, button label, fields, body shape, app headers and where the ids are answered.
    public static let wire = WireDescription<VendorCard.SendForm>(
        summary: "The send form, posted as JSON to the vendor route `METHOD template`.",
        VendorCard.SendForm(route: "", label: "", fields: []),
        fields: [
            .required("route", \.route, .string), .required("label", \.label, .string),
            .required("fields", \.fields, .array(.wire())),
            .required("bodyIsArray", \.bodyIsArray, .bool, "Whether the body is an array holding the one object."),
            .required("appHeaders", \.appHeaders, .array(.wire()), "Headers taken from the declared app."),
            .required(
                "notificationIDs", \.notificationIDs, .array(.string),
                "Where the answer holds the notification ids; `*` is every item of an array."),
        ], answer: true)
}

extension VendorCard.FaultForm: WireType {
    /// The fault preset: the fault key, its label, the codes offered, the default, whether others may be typed.
    public static let wire = WireDescription<VendorCard.FaultForm>(
        summary: "The vendor's fault key as the fault form offers it, with its error codes.",
        VendorCard.FaultForm(key: "", label: "", codes: [], value: .null),
        fields: [
            .required("key", \.key, .string), .required("label", \.label, .string),
            .required("codes", \.codes, .array(.json)), .required("value", \.value, .json),
            .required("openEnded", \.openEnded, .bool, "Whether a code not listed may be typed in."),
        ], answer: true)
}
