import Foundation

extension TwinPushState {
    /// The public device of record `index`, rebuilt from the packed record. `known` strings are taken instead of
    /// decoding the record's when they have the same bytes (a register's own udid, token and alias).
    func device(_ index: Int, known: KnownTexts = KnownTexts()) -> TwinPush.Device {
        let texts = records[index].texts
        var device = TwinPush.Device(
            id: known.text(texts, TextSlot.id, known.id) ?? "", appID: strings[records[index].app] ?? "",
            udid: known.text(texts, TextSlot.udid, known.udid) ?? "", platform: strings[records[index].platform] ?? "",
            now: records[index].createdAt)
        device.pushToken = known.text(texts, TextSlot.pushToken, known.pushToken)
        device.alias = known.text(texts, TextSlot.alias, known.alias)
        let record = records[index]
        device.language = strings[record.language]
        device.deviceCode = strings[record.deviceCode]
        device.deviceModel = strings[record.deviceModel]
        device.deviceManufacturer = strings[record.deviceManufacturer]
        device.appVersion = strings[record.appVersion]
        device.sdkVersion = strings[record.sdkVersion]
        device.osVersion = strings[record.osVersion]
        device.osName = strings[record.osName]
        device.osVersionCode = record.osVersionCode
        device.badge = record.badge
        device.customProperties = record.customProperties
        device.location = record.location
        device.updatedAt = record.updatedAt
        device.lastRegisteredAt = record.lastRegisteredAt
        device.registrationUpdatedAt = record.registrationUpdatedAt
        device.appOpenedAt = record.appOpenedAt
        device.appClosedAt = record.appClosedAt
        return device
    }

    /// Strings a caller has at hand that may be a record's: ``device(_:known:)`` takes them when their bytes match.
    struct KnownTexts {
        var id: String?
        var udid: String?
        var pushToken: String?
        var alias: String?

        /// `candidate` when `slot` holds its bytes, else the slot's own string.
        func text(_ texts: PackedTexts, _ slot: Int, _ candidate: String?) -> String? {
            if let candidate, texts.hasSameBytes(slot, as: candidate) { return candidate }
            return texts.string(slot)
        }
    }

    /// The packed record of `device` (its strings interned in ``strings``).
    mutating func record(of device: TwinPush.Device) -> DeviceRecord {
        var record = DeviceRecord(
            texts: PackedTexts(device.id, device.udid, device.pushToken, device.alias),
            app: strings.number(of: device.appID, kind: InternKind.app),
            platform: strings.number(of: device.platform, kind: InternKind.platform), now: device.createdAt)
        let fields = [
            device.language, device.deviceCode, device.deviceModel, device.deviceManufacturer, device.appVersion,
            device.sdkVersion, device.osVersion, device.osName,
        ]
        for (index, value) in fields.enumerated() {
            record.setTextField(index, to: strings.number(of: value, kind: InternKind.firstTextField + index))
        }
        record.osVersionCode = device.osVersionCode
        record.badge = device.badge
        record.customProperties = device.customProperties
        record.location = device.location
        record.updatedAt = device.updatedAt
        record.lastRegisteredAt = device.lastRegisteredAt
        record.registrationUpdatedAt = device.registrationUpdatedAt
        record.appOpenedAt = device.appOpenedAt
        record.appClosedAt = device.appClosedAt
        return record
    }

    /// The device's id.
    func deviceID(_ index: Int) -> String {
        records[index].texts.string(TextSlot.id) ?? ""
    }

    /// The device's app id.
    func appID(_ index: Int) -> String {
        strings[records[index].app] ?? ""
    }

    /// The device's alias, if set.
    func alias(_ index: Int) -> String? {
        records[index].texts.string(TextSlot.alias)
    }

    /// The device's push token, if registered.
    func pushToken(_ index: Int) -> String? {
        records[index].texts.string(TextSlot.pushToken)
    }

    /// The push channel of the device's platform (``TwinPush/Device/deliveryPlatform``).
    func deliveryPlatform(_ index: Int) -> Delivery.Platform {
        let platform = strings[records[index].platform] ?? ""
        if platform.hasSameBytes(as: "android") { return .android }
        if platform.hasSameBytes(as: "huawei") { return .huawei }
        return .ios
    }

    /// The custom property `name` of the device, if set.
    func customProperty(_ index: Int, _ name: String) -> TwinPush.CustomProperty? {
        records[index].customProperties.first { $0.name.hasSameBytes(as: name) }
    }
}
