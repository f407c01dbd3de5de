import Foundation

extension TwinPushState {
    /// Where a device's own strings sit in its ``DeviceRecord/texts``.
    enum TextSlot {
        static let udid = 0
        static let pushToken = 1
        static let alias = 2
    }

    /// The kinds of interned value, for ``InternedStrings/number(of:kind:)``: the app, the platform, then the eight
    /// optional text fields of a register in the order of ``DeviceRecord/textField(_:)``.
    enum InternKind {
        static let app = 0
        static let platform = 1
        static let firstTextField = 2
        static let count = 10
    }

    /// A device as the store keeps it: its id, its own strings (`udid`, token, alias) in one buffer, the
    /// repetitive ones (app, platform, language, device and version fields) as numbers in
    /// ``TwinPushState/strings``, times and counts inline. ``TwinPushState/device(_:)`` builds the public
    /// ``TwinPush/Device`` from it.
    struct DeviceRecord: Sendable {
        /// A `String`, shared with every journal entry and delivery that names the device.
        let id: String
        /// `udid`, push token and alias, by ``TextSlot``.
        var texts: PackedTexts
        var app: UInt32
        var platform: UInt32
        var language: UInt32 = 0
        var deviceCode: UInt32 = 0
        var deviceModel: UInt32 = 0
        var deviceManufacturer: UInt32 = 0
        var appVersion: UInt32 = 0
        var sdkVersion: UInt32 = 0
        var osVersion: UInt32 = 0
        var osName: UInt32 = 0
        private var storedBadge: Int32 = 0
        private var flags: UInt8 = 0
        private var storedOSVersionCode = 0
        let createdAt: Date
        var updatedAt: Date
        var lastRegisteredAt: Date
        var registrationUpdatedAt: Date
        private var storedAppOpenedAt: Date
        private var storedAppClosedAt: Date
        var customProperties: [TwinPush.CustomProperty] = []
        private var locationBox: LocationBox?
        /// Oldest first.
        var received: [Received] = []

        private static let hasOSVersionCode: UInt8 = 1
        private static let hasAppOpenedAt: UInt8 = 2
        private static let hasAppClosedAt: UInt8 = 4

        init(id: String, texts: PackedTexts, app: UInt32, platform: UInt32, now: Date) {
            self.id = id
            self.texts = texts
            self.app = app
            self.platform = platform
            createdAt = now
            updatedAt = now
            lastRegisteredAt = now
            registrationUpdatedAt = now
            storedAppOpenedAt = now
            storedAppClosedAt = now
        }

        /// The server-side badge, within 0…``TwinPushBadge/limit``.
        var badge: Int {
            get { Int(storedBadge) }
            set { storedBadge = Int32(clamping: newValue) }
        }

        var osVersionCode: Int? {
            get { flags & Self.hasOSVersionCode != 0 ? storedOSVersionCode : nil }
            set {
                storedOSVersionCode = newValue ?? 0
                setFlag(Self.hasOSVersionCode, newValue != nil)
            }
        }

        var appOpenedAt: Date? {
            get { flags & Self.hasAppOpenedAt != 0 ? storedAppOpenedAt : nil }
            set {
                storedAppOpenedAt = newValue ?? createdAt
                setFlag(Self.hasAppOpenedAt, newValue != nil)
            }
        }

        var appClosedAt: Date? {
            get { flags & Self.hasAppClosedAt != 0 ? storedAppClosedAt : nil }
            set {
                storedAppClosedAt = newValue ?? createdAt
                setFlag(Self.hasAppClosedAt, newValue != nil)
            }
        }

        var location: TwinPush.Location? {
            get { locationBox?.location }
            set { locationBox = newValue.map(LocationBox.init) }
        }

        /// Text field `index` of a register (language, device code, model, manufacturer, app, SDK and OS version,
        /// OS name), as a number in ``TwinPushState/strings`` (a switch: key path writes showed up in profiles).
        func textField(_ index: Int) -> UInt32 {
            switch index {
            case 0: return language
            case 1: return deviceCode
            case 2: return deviceModel
            case 3: return deviceManufacturer
            case 4: return appVersion
            case 5: return sdkVersion
            case 6: return osVersion
            default: return osName
            }
        }

        mutating func setTextField(_ index: Int, to number: UInt32) {
            switch index {
            case 0: language = number
            case 1: deviceCode = number
            case 2: deviceModel = number
            case 3: deviceManufacturer = number
            case 4: appVersion = number
            case 5: sdkVersion = number
            case 6: osVersion = number
            default: osName = number
            }
        }

        private mutating func setFlag(_ flag: UInt8, _ on: Bool) {
            flags = on ? flags | flag : flags & ~flag
        }
    }

    /// A location behind one reference: most devices never report one.
    final class LocationBox: Sendable {
        let location: TwinPush.Location

        init(_ location: TwinPush.Location) {
            self.location = location
        }
    }
}
