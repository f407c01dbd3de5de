import Foundation

/// The text members of the wire Device object (TwinPushWireProtocol.md §5.1).
enum TwinPushDeviceText {
    case pushToken, alias, platform, appID, language, deviceCode, deviceModel, deviceManufacturer, appVersion
    case sdkVersion, osVersion
}

/// What ``TwinPushWire/appendDevice(_:to:)`` writes a Device object from: a public ``TwinPush/Device``, or the
/// store's packed record as it is (the register answer, with no device built).
protocol TwinPushDeviceFields {
    var id: String { get }
    var createdAt: Date { get }
    var updatedAt: Date { get }
    var lastRegisteredAt: Date { get }
    var registrationUpdatedAt: Date { get }
    var isActive: Bool { get }
    var customProperties: [TwinPush.CustomProperty] { get }
    /// Writes `,"key":` then the member as a JSON string, or `null`.
    func appendMember(_ key: StaticString, _ member: TwinPushDeviceText, to bytes: inout some ByteOutput)
}

extension TwinPush.Device: TwinPushDeviceFields {
    func appendMember(_ key: StaticString, _ member: TwinPushDeviceText, to bytes: inout some ByteOutput) {
        TwinPushWire.appendMember(key, text(member), to: &bytes)
    }

    private func text(_ member: TwinPushDeviceText) -> String? {
        switch member {
        case .pushToken: return pushToken
        case .alias: return alias
        case .platform: return platform
        case .appID: return appID
        case .language: return language
        case .deviceCode: return deviceCode
        case .deviceModel: return deviceModel
        case .deviceManufacturer: return deviceManufacturer
        case .appVersion: return appVersion
        case .sdkVersion: return sdkVersion
        case .osVersion: return osVersion
        }
    }
}

extension TwinPushState {
    /// A stored device read in place, for writing its Device object without building one.
    struct PackedDevice: TwinPushDeviceFields {
        let record: DeviceRecord
        let strings: InternedStrings
        let texts: TextPool

        var id: String { record.id }
        var createdAt: Date { record.createdAt }
        var updatedAt: Date { record.updatedAt }
        var lastRegisteredAt: Date { record.lastRegisteredAt }
        var registrationUpdatedAt: Date { record.registrationUpdatedAt }
        var isActive: Bool { texts.contains(record.texts, TextSlot.pushToken) }
        var customProperties: [TwinPush.CustomProperty] { record.customProperties }

        func appendMember(_ key: StaticString, _ member: TwinPushDeviceText, to bytes: inout some ByteOutput) {
            switch member {
            case .pushToken: appendText(key, TextSlot.pushToken, to: &bytes)
            case .alias: appendText(key, TextSlot.alias, to: &bytes)
            case .platform: TwinPushWire.appendMember(key, strings[record.platform], to: &bytes)
            case .appID: TwinPushWire.appendMember(key, strings[record.app], to: &bytes)
            case .language: TwinPushWire.appendMember(key, strings[record.language], to: &bytes)
            case .deviceCode: TwinPushWire.appendMember(key, strings[record.deviceCode], to: &bytes)
            case .deviceModel: TwinPushWire.appendMember(key, strings[record.deviceModel], to: &bytes)
            case .deviceManufacturer: TwinPushWire.appendMember(key, strings[record.deviceManufacturer], to: &bytes)
            case .appVersion: TwinPushWire.appendMember(key, strings[record.appVersion], to: &bytes)
            case .sdkVersion: TwinPushWire.appendMember(key, strings[record.sdkVersion], to: &bytes)
            case .osVersion: TwinPushWire.appendMember(key, strings[record.osVersion], to: &bytes)
            }
        }

        private func appendText(_ key: StaticString, _ slot: Int, to bytes: inout some ByteOutput) {
            bytes.append(key)
            texts.withBytes(record.texts, slot) { text in
                if let text {
                    JSON.writeString(utf8: text, to: &bytes)
                } else {
                    bytes.append("null")
                }
            }
        }
    }
}
