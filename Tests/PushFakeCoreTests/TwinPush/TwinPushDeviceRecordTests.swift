import Foundation
import XCTest

@testable import PushFakeCore

/// The store keeps a device packed (its own strings in one buffer, repetitive ones interned, times inline); the
/// public device rebuilt from it must be the one stored, field for field.
final class TwinPushDeviceRecordTests: XCTestCase {
    private let start = Date(timeIntervalSinceReferenceDate: 800_000_000.125)

    private func fullDevice(_ number: Int) -> TwinPush.Device {
        var device = TwinPush.Device(
            id: String(1_000_000_000_000_000 + number), appID: "app-\u{212A}", udid: "udid-é-\(number)",
            platform: number % 2 == 0 ? "ios" : "huawei", now: start)
        device.pushToken = String(repeating: "ab", count: 40) + "\(number)"
        device.alias = "alias-\(number)"
        device.language = "es_ES"
        device.deviceCode = "iPhone12,1"
        device.deviceModel = "iPhone \u{1F600}"
        device.deviceManufacturer = "Apple"
        device.appVersion = ""
        device.sdkVersion = "4.0.0"
        device.osVersion = "13.3"
        device.osName = String(repeating: "long os name ", count: 30)
        device.osVersionCode = Int.min
        device.badge = TwinPushBadge.limit
        device.customProperties = [
            .init(name: "color", type: .enumeration, value: .string("red")),
            .init(name: "tags", type: .enumerationList, value: .array([.string("a"), .string("b")])),
        ]
        device.location = TwinPush.Location(latitude: -90, longitude: 179.5, reportedAt: start.addingTimeInterval(3))
        device.updatedAt = start.addingTimeInterval(1)
        device.lastRegisteredAt = start.addingTimeInterval(2)
        device.registrationUpdatedAt = start.addingTimeInterval(0.5)
        device.appOpenedAt = start.addingTimeInterval(4)
        device.appClosedAt = start.addingTimeInterval(-5)
        return device
    }

    func test_deviceRecord_roundTripsEveryField_setOrNil() {
        var state = TwinPushState(configuration: PushFakeConfiguration())
        let full = fullDevice(1)
        let bare = TwinPush.Device(id: "x", appID: "", udid: "", platform: "android", now: start)
        var zero = fullDevice(2)
        zero.osVersionCode = 0
        zero.badge = 0
        zero.appOpenedAt = nil
        zero.location = nil
        zero.customProperties = []
        for device in [full, bare, zero] {
            let index = state.insert(device)
            XCTAssertEqual(state.device(index), device)
            XCTAssertEqual(state.deviceID(index), device.id)
            XCTAssertEqual(state.pushToken(index), device.pushToken)
            XCTAssertEqual(state.alias(index), device.alias)
            XCTAssertEqual(state.appID(index), device.appID)
            XCTAssertEqual(state.deliveryPlatform(index), device.deliveryPlatform)
        }
        XCTAssertEqual(state.deviceIndexes(alias: "alias-1", app: "app-\u{212A}"), [0])
        XCTAssertEqual(state.deviceIndexes(alias: "alias-1", app: "app-K"), [], "the app compares by bytes")
    }

    func test_packedDevice_writesTheBytesOfTheRebuiltDevice() {
        var state = TwinPushState(configuration: PushFakeConfiguration())
        var quoted = fullDevice(4)
        quoted.alias = "a\"lias\n\u{1}\\"
        quoted.pushToken = nil
        let bare = TwinPush.Device(id: "x", appID: "", udid: "", platform: "android", now: start)
        // Over the stack block the answer is first written into (1,024 bytes): written into an array instead.
        var large = fullDevice(6)
        large.alias = String(repeating: "\u{1}", count: 400)
        large.customProperties.append(
            TwinPush.CustomProperty(name: "long", type: .string, value: .string(String(repeating: "é", count: 900))))
        for device in [fullDevice(5), quoted, bare, large] {
            let index = state.insert(device)
            let packed = TwinPushState.PackedDevice(
                record: state.records[index], strings: state.strings, texts: state.texts)
            XCTAssertEqual(
                String(decoding: TwinPushWire.registered(packed), as: UTF8.self),
                String(decoding: TwinPushWire.registered(device), as: UTF8.self))
            XCTAssertEqual(
                String(decoding: TwinPushWire.registered(device), as: UTF8.self),
                TwinPushWire.objects([TwinPushWire.device(device)]).serializedString())
            XCTAssertEqual(packed.isActive, device.pushToken != nil)
        }
    }

    func test_deviceRecord_keepsOtherFields_whenStringsChangeLength() {
        var state = TwinPushState(configuration: PushFakeConfiguration())
        var expected = fullDevice(3)
        let index = state.insert(expected)
        let tokens: [String?] = [nil, "t", String(repeating: "z", count: 300), "", "短い"]
        for (step, token) in tokens.enumerated() {
            state.setText(index, TwinPushState.TextSlot.pushToken, to: token)
            expected.pushToken = token
            let alias = step % 2 == 0 ? String(repeating: "α", count: step * 40) : nil
            state.setAlias(index, to: alias)
            expected.alias = alias
            XCTAssertTrue(state.rekey(index, udid: "u\(step)", platform: step % 2 == 0 ? "android" : "ios"))
            expected.udid = "u\(step)"
            expected.platform = step % 2 == 0 ? "android" : "ios"
            state.records[index].badge = step
            expected.badge = step
            state.records[index].osVersionCode = step == 2 ? nil : step
            expected.osVersionCode = step == 2 ? nil : step
            state.records[index].customProperties.removeFirst(min(1, state.records[index].customProperties.count))
            expected.customProperties.removeFirst(min(1, expected.customProperties.count))
            XCTAssertEqual(state.device(index), expected, "step \(step)")
            XCTAssertEqual(state.deviceIndex(id: expected.id), index)
            XCTAssertEqual(
                state.deviceIndex(.init(app: expected.appID, udid: expected.udid, platform: expected.platform)), index)
            if let alias { XCTAssertEqual(state.deviceIndexes(alias: alias, app: expected.appID), [index]) }
        }
    }

    func test_deviceRecord_internsRepeatedValues_once() {
        var state = TwinPushState(configuration: PushFakeConfiguration())
        for number in 0..<50 { _ = state.insert(fullDevice(number)) }
        // The app, two platforms and the eight text fields (app_version "" included) of every device.
        XCTAssertEqual(state.strings.count, 11)
        XCTAssertLessThanOrEqual(MemoryLayout<TwinPushState.DeviceRecord>.stride, 120)
    }
}
