import Foundation

extension TwinPushState {
    /// Where a device's own strings sit in its entry of ``TwinPushState/texts``.
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

    /// A device as the store keeps it: its id, its own strings (`udid`, token, alias) as an entry of the state's
    /// ``TwinPushState/texts``, the repetitive ones (app, platform, language, device and version fields) as numbers
    /// in ``TwinPushState/strings``, times and counts inline. ``TwinPushState/device(_:)`` builds the public
    /// ``TwinPush/Device`` from it.
    struct DeviceRecord: Sendable {
        /// A `String`, shared with every journal entry and delivery that names the device.
        let id: String
        /// `udid`, push token and alias in ``TwinPushState/texts``, by ``TextSlot``.
        var texts: TextPool.Entry
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
        let createdAt: Date
        var updatedAt: Date
        var lastRegisteredAt: Date
        var registrationUpdatedAt: Date
        /// What most devices never have, behind one reference: `nil` when all of it is empty.
        private var extras: Extras?
        /// Oldest first.
        var received: [Received] = []

        init(id: String, texts: TextPool.Entry, app: UInt32, platform: UInt32, now: Date) {
            self.id = id
            self.texts = texts
            self.app = app
            self.platform = platform
            createdAt = now
            updatedAt = now
            lastRegisteredAt = now
            registrationUpdatedAt = now
        }

        /// The server-side badge, within 0…``TwinPushBadge/limit``.
        var badge: Int {
            get { numericCast(storedBadge) }
            // Within 0…limit (Int32.max), so the conversion cannot trap.
            set { storedBadge = numericCast(min(max(0, newValue), TwinPushBadge.limit)) }
        }

        var osVersionCode: Int? {
            get { extras?.osVersionCode }
            set { if newValue != osVersionCode { change { $0.osVersionCode = newValue } } }
        }

        var appOpenedAt: Date? {
            get { extras?.appOpenedAt }
            set { change { $0.appOpenedAt = newValue } }
        }

        var appClosedAt: Date? {
            get { extras?.appClosedAt }
            set { change { $0.appClosedAt = newValue } }
        }

        var location: TwinPush.Location? {
            get { extras?.location }
            set { change { $0.location = newValue } }
        }

        var customProperties: [TwinPush.CustomProperty] {
            get { extras?.customProperties ?? [] }
            set { change { $0.customProperties = newValue } }
        }

        /// Replaces the extras with a changed copy (they are shared, never changed in place).
        private mutating func change(_ edit: (inout Extras.Values) -> Void) {
            var values = extras?.values ?? Extras.Values()
            edit(&values)
            extras = values.isEmpty ? nil : Extras(values)
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
    }

    /// A device's rarely set fields, behind one reference in its record.
    final class Extras: Sendable {
        struct Values: Sendable {
            var customProperties: [TwinPush.CustomProperty] = []
            var location: TwinPush.Location?
            var osVersionCode: Int?
            var appOpenedAt: Date?
            var appClosedAt: Date?

            var isEmpty: Bool {
                customProperties.isEmpty && location == nil && osVersionCode == nil && appOpenedAt == nil
                    && appClosedAt == nil
            }
        }

        let values: Values

        init(_ values: Values) {
            self.values = values
        }

        var customProperties: [TwinPush.CustomProperty] { values.customProperties }
        var location: TwinPush.Location? { values.location }
        var osVersionCode: Int? { values.osVersionCode }
        var appOpenedAt: Date? { values.appOpenedAt }
        var appClosedAt: Date? { values.appClosedAt }
    }
}
