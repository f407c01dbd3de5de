import Foundation

extension TwinPushState {
    /// The public device of record `index`, rebuilt from the packed record.
    func device(_ index: Int) -> TwinPush.Device {
        let record = records[index]
        var device = TwinPush.Device(
            id: record.id, appID: strings[record.app] ?? "", udid: record.texts.string(TextSlot.udid) ?? "",
            platform: strings[record.platform] ?? "", now: record.createdAt)
        device.pushToken = record.texts.string(TextSlot.pushToken)
        device.alias = record.texts.string(TextSlot.alias)
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

    /// The packed record of `device` (its strings interned in ``strings``).
    mutating func record(of device: TwinPush.Device) -> DeviceRecord {
        var record = DeviceRecord(
            id: device.id, texts: PackedTexts(device.udid, device.pushToken, device.alias),
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
        records[index].id
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
