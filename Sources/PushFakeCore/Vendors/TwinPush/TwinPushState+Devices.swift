import Foundation

extension TwinPushState {
    /// The public device of record `index`, rebuilt from the packed record.
    func device(_ index: Int) -> TwinPush.Device {
        let record = records[index]
        var device = TwinPush.Device(
            id: record.id, appID: strings[record.app] ?? "", udid: texts.string(record.texts, TextSlot.udid) ?? "",
            platform: strings[record.platform] ?? "", now: record.createdAt)
        device.pushToken = texts.string(record.texts, TextSlot.pushToken)
        device.alias = texts.string(record.texts, TextSlot.alias)
        device.language = strings[record.language]
        device.deviceCode = strings[record.deviceCode]
        device.deviceModel = strings[record.deviceModel]
        device.deviceManufacturer = strings[record.deviceManufacturer]
        device.appVersion = strings[record.appVersion]
        device.sdkVersion = strings[record.sdkVersion]
        device.osVersion = strings[record.osVersion]
        device.osName = strings[record.osName]
        device.copyPlainValues(of: record)
        return device
    }

    /// The packed record of `device` (its strings interned in ``strings``).
    mutating func record(of device: TwinPush.Device) -> DeviceRecord {
        var record = DeviceRecord(
            id: device.id, texts: texts.add(device.udid, device.pushToken, device.alias),
            app: strings.number(of: device.appID, kind: InternKind.app),
            platform: strings.number(of: device.platform, kind: InternKind.platform), now: device.createdAt)
        let fields = [
            device.language, device.deviceCode, device.deviceModel, device.deviceManufacturer, device.appVersion,
            device.sdkVersion, device.osVersion, device.osName,
        ]
        for (index, value) in fields.enumerated() {
            record.setTextField(index, to: strings.number(of: value, kind: InternKind.firstTextField + index))
        }
        record.copyPlainValues(of: device)
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
        texts.string(records[index].texts, TextSlot.alias)
    }

    /// The device's push token, if registered.
    func pushToken(_ index: Int) -> String? {
        texts.string(records[index].texts, TextSlot.pushToken)
    }

    /// Sets one of the device's own strings (by ``TextSlot``). When rewritten entries have left more dead bytes in
    /// ``texts`` than live ones, the live entries move to a fresh pool.
    mutating func setText(_ index: Int, _ slot: Int, to text: String?) {
        texts.set(&records[index].texts, slot, to: text)
        guard texts.wantsCompaction else { return }
        var fresh = TextPool(slots: texts.slots, reservingBytes: texts.liveBytes)
        for position in records.indices {
            records[position].texts = fresh.copy(records[position].texts, from: texts)
        }
        texts = fresh
    }

    /// The push channel of the device's platform (``TwinPush/Device/deliveryPlatform``).
    func deliveryPlatform(_ index: Int) -> Delivery.Platform {
        TwinPush.Device.deliveryPlatform(of: strings[records[index].platform] ?? "")
    }

    /// The custom property `name` of the device, if set.
    func customProperty(_ index: Int, _ name: String) -> TwinPush.CustomProperty? {
        records[index].customProperties.first { $0.name.hasSameBytes(as: name) }
    }
}

/// The device values a ``TwinPush/Device`` and its packed ``TwinPushState/DeviceRecord`` hold under the same names and
/// types (everything but the id, the texts and the interned strings), so the two copies between them are one list.
protocol TwinPushDevicePlainValues {
    var osVersionCode: Int? { get set }
    var badge: Int { get set }
    var customProperties: [TwinPush.CustomProperty] { get set }
    var location: TwinPush.Location? { get set }
    var updatedAt: Date { get set }
    var lastRegisteredAt: Date { get set }
    var registrationUpdatedAt: Date { get set }
    var appOpenedAt: Date? { get set }
    var appClosedAt: Date? { get set }
}

extension TwinPushDevicePlainValues {
    /// Takes every plain value of `other`.
    mutating func copyPlainValues(of other: some TwinPushDevicePlainValues) {
        osVersionCode = other.osVersionCode
        badge = other.badge
        customProperties = other.customProperties
        location = other.location
        updatedAt = other.updatedAt
        lastRegisteredAt = other.lastRegisteredAt
        registrationUpdatedAt = other.registrationUpdatedAt
        appOpenedAt = other.appOpenedAt
        appClosedAt = other.appClosedAt
    }
}

extension TwinPush.Device: TwinPushDevicePlainValues {}
extension TwinPushState.DeviceRecord: TwinPushDevicePlainValues {}
