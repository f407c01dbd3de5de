/// What the APNs rules read of a payload, found in one parse (Apple, "Generating a remote notification").
struct APNsPayloadFacts {
    /// Why there is no usable `aps` dictionary (`not a JSON object`, `no aps key`, `aps is a string`); `nil` when
    /// there is one.
    let missingAps: String?
    /// `aps.alert` is a non-empty string, or a dictionary with a non-empty `title`, `subtitle`, `body` or
    /// localization key: the phone shows a banner.
    let visibleAlert: Bool
    /// `aps.alert` is there but shows nothing (an empty string, an empty dictionary).
    let emptyAlert: Bool
    /// `aps.badge` is a number.
    let badge: Bool
    /// `aps.sound` is a non-empty name or a critical-sound dictionary.
    let sound: Bool
    /// `aps.content-available` is 1: a background push that wakes the app.
    let contentAvailable: Bool
    /// `aps.mutable-content` is 1: a Notification Service Extension may change the content first.
    let mutableContent: Bool

    /// An alert, a badge or a sound: something the user sees or hears.
    var showsAnything: Bool { visibleAlert || badge || sound }

    /// The user-visible keys present, for measured values: `alert, badge`, or `nothing`.
    var shownKeys: String {
        let keys = [visibleAlert ? "alert" : nil, badge ? "badge" : nil, sound ? "sound" : nil].compactMap { $0 }
        return keys.isEmpty ? "nothing" : keys.joined(separator: ", ")
    }

    init(_ payload: JSON?) {
        var missing: String?
        var aps = JSONObject()
        switch payload {
        case .object(let object)?:
            switch object["aps"] {
            case .object(let found)?: aps = found
            case nil: missing = "no aps key"
            case let other?: missing = "aps is \(Self.article(other.typeName))"
            }
        case nil: missing = "not JSON"
        case let other?: missing = "not a JSON object but \(Self.article(other.typeName))"
        }
        missingAps = missing
        let alert = aps["alert"]
        visibleAlert = Self.isVisible(alert)
        emptyAlert = alert != nil && !visibleAlert
        badge = aps["badge"]?.doubleValue != nil
        switch aps["sound"] {
        case .string(let name)?: sound = !name.isEmpty
        case .object?: sound = true
        default: sound = false
        }
        contentAvailable = aps["content-available"]?.intValue == 1
        mutableContent = aps["mutable-content"]?.intValue == 1
    }

    private static let alertTextKeys = ["title", "subtitle", "body", "loc-key", "title-loc-key", "subtitle-loc-key"]

    private static func isVisible(_ alert: JSON?) -> Bool {
        switch alert {
        case .string(let text)?: return !text.isEmpty
        case .object(let members)?:
            return alertTextKeys.contains { !(members[$0]?.stringValue ?? "").isEmpty }
        default: return false
        }
    }

    private static func article(_ typeName: String) -> String {
        typeName.first.map { "aeiou".contains($0) } == true ? "an \(typeName)" : "a \(typeName)"
    }
}
