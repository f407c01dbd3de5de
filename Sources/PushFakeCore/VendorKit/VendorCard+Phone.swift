/// What a vendor's card tells the dashboard's phone drawing (docs/dashboard.md): the keys of its own payloads that
/// the generic banner reads besides what APNs and FCM define — a rich media URL, the Android notification channel
/// and a tag that makes a push silent. TwinPush's are `tp_rich_url`, `tp_channel_id` inside the JSON text of
/// `custom`, and `tp_silent` among the JSON text of `tags` (TwinPushWireProtocol.md, §7).
extension VendorCard {
    /// The card's phone part; every key optional, a key not set is not drawn.
    public struct Phone: Sendable, Equatable {
        /// The top-level payload key holding a rich media URL: the iOS banner's attachment when the payload has no
        /// `attachment`, the Android notification's rich URL.
        public var richURL: String?
        /// The key naming the Android notification channel, read inside the data member ``channelIn`` (a JSON
        /// object as text), or from the data message itself when that is `nil`.
        public var channel: String?
        public var channelIn: String?
        /// The tag that makes an Android push silent (nothing shown), looked for in the data member ``tagsIn`` (a
        /// JSON array as text).
        public var silentTag: String?
        public var tagsIn: String?

        public init() {}

        /// What the dashboard could not read: a silent tag without the member of the tags, or one of the members
        /// without the key it holds.
        var problems: [String] {
            var problems: [String] = []
            if silentTag != nil && tagsIn == nil { problems.append("phone: silentTag without tagsIn") }
            if tagsIn != nil && silentTag == nil { problems.append("phone: tagsIn without silentTag") }
            if channelIn != nil && channel == nil { problems.append("phone: channelIn without channel") }
            return problems
        }
    }
}

extension VendorCard.Phone: WireType {
    /// `{"richURL", "channel", "channelIn", "silentTag", "tagsIn"}`, each `null` when not set.
    public static let wire = WireDescription<VendorCard.Phone>(
        summary: "The vendor's payload keys the dashboard draws a delivery on the phone with.",
        VendorCard.Phone(),
        fields: [
            key(
                "richURL", \.richURL,
                "The top-level payload key holding a rich media URL (iOS attachment, Android rich URL)."),
            key(
                "channel", \.channel,
                "The key naming the Android notification channel, inside `channelIn` or the data message itself."),
            key(
                "channelIn", \.channelIn,
                "The data member holding a JSON object as text with the channel; `null`: the data message."),
            key("silentTag", \.silentTag, "The tag that makes an Android push silent, looked for in `tagsIn`."),
            key("tagsIn", \.tagsIn, "The data member holding the push's tags as a JSON array in text."),
        ], answer: true)

    /// One key of the part: a string, `null` when not set.
    private static func key(
        _ name: String, _ keyPath: WritableKeyPath<Self, String?> & Sendable, _ summary: String
    ) -> WireField<Self> {
        .optional(name, keyPath, .string, writesNull: true, summary)
    }
}
