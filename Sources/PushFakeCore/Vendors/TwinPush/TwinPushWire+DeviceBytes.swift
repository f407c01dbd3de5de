import Foundation

extension TwinPushWire {
    /// `{"objects":[<Device>],"references":[]}`, written straight into bytes: the register answer, the hottest
    /// TwinPush response (Performance.md). Byte for byte what ``objects(_:)`` of ``device(_:)`` serializes to.
    ///
    /// Written into a block on the stack and copied once (``Swift/Array/written(capacity:_:)``); a device too
    /// large for it (long custom properties) is written into a growing array instead. A register's answer is about
    /// 500 bytes. The block is 1 KiB because Swift's `withUnsafeTemporaryAllocation` takes a larger one from the heap
    /// on Linux (`posix_memalign`, about 300 instructions a register in callgrind); Darwin checks the stack's room.
    static func registered(_ device: some TwinPushDeviceFields) -> [UInt8] {
        if let bytes = [UInt8].written(capacity: 1024, { writeRegistered(device, to: &$0) }) { return bytes }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        writeRegistered(device, to: &bytes)
        return bytes
    }

    private static func writeRegistered(_ device: some TwinPushDeviceFields, to bytes: inout some ByteOutput) {
        bytes.append(#"{"objects":["#)
        appendDevice(device, to: &bytes)
        bytes.append(#"],"references":[]}"#)
    }

    /// The Device object of ``device(_:)``, member for member, without building a JSON value first.
    static func appendDevice(_ device: some TwinPushDeviceFields, to bytes: inout some ByteOutput) {
        bytes.append(#"{"id":"#)
        JSON.writeString(device.id, to: &bytes)
        device.appendMember(#","push_token":"#, .pushToken, to: &bytes)
        device.appendMember(#","alias_device":"#, .alias, to: &bytes)
        device.appendMember(#","platform":"#, .platform, to: &bytes)
        // The four dates are often one moment (a fixed clock, a first register): format each distinct one once.
        var dates = DateMemo()
        dates.append(#","created_at":"#, device.createdAt, to: &bytes)
        dates.append(#","updated_at":"#, device.updatedAt, to: &bytes)
        dates.append(#","last_registered_at":"#, device.lastRegisteredAt, to: &bytes)
        dates.append(#","registration_updated_at":"#, device.registrationUpdatedAt, to: &bytes)
        device.appendMember(#","app_id":"#, .appID, to: &bytes)
        device.appendMember(#","language":"#, .language, to: &bytes)
        device.appendMember(#","device_code":"#, .deviceCode, to: &bytes)
        device.appendMember(#","device_model":"#, .deviceModel, to: &bytes)
        device.appendMember(#","device_manufacturer":"#, .deviceManufacturer, to: &bytes)
        device.appendMember(#","app_version":"#, .appVersion, to: &bytes)
        device.appendMember(#","sdk_version":"#, .sdkVersion, to: &bytes)
        device.appendMember(#","os_version":"#, .osVersion, to: &bytes)
        bytes.append(device.isActive ? #","active":true"# : #","active":false"#)
        bytes.append(#","custom_properties":["#)
        for (index, property) in device.customProperties.enumerated() {
            bytes.append(index == 0 ? #"{"name":"# : #",{"name":"#)
            JSON.writeString(property.name, to: &bytes)
            appendMember(#","type":"#, property.type.rawValue, to: &bytes)
            bytes.append(#","value":"#)
            property.value.write(into: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(#"],"type":"Device"}"#)
    }

    /// `,"key":` then the string, or `null`.
    static func appendMember(_ key: StaticString, _ value: String?, to bytes: inout some ByteOutput) {
        bytes.append(key)
        if let value {
            JSON.writeString(value, to: &bytes)
        } else {
            bytes.append("null")
        }
    }

    /// Writes `,"key":"2026-01-01 00:00:00 UTC"`, reusing the text of the previous date when it is the same.
    private struct DateMemo {
        private var last: Date?
        private var text = 0..<0

        mutating func append(_ key: StaticString, _ date: Date, to bytes: inout some ByteOutput) {
            bytes.append(key)
            bytes.append(UInt8(ascii: "\""))
            if date == last {
                bytes.appendAgain(text)
            } else {
                let start = bytes.count
                TimeFormat.appendTwinPush(date, to: &bytes)
                text = start..<bytes.count
                last = date
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
