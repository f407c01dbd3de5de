import Foundation
import XCTest

@testable import PushFakeCore

/// The TwinPush store's indexes keep positions only (RecordIndex, alias chains): lookups by id, by (app, udid,
/// platform) and by alias must find what the devices themselves say, in index order, through rekeys and alias moves.
final class TwinPushStateIndexTests: XCTestCase {
    func test_twinPushState_indexesAgreeWithTheDevices_whenAliasesAndKeysMove() {
        var state = TwinPushState(configuration: PushFakeConfiguration())
        var generator = SplitMix64(seed: 7)
        let now = Date(timeIntervalSince1970: 0)
        let apps = ["a1", "a2"]
        let aliases = ["x", "y", "z", "a-long-alias-beyond-fifteen-bytes"]
        for number in 0..<400 {
            let app = apps[number % 2]
            let device = TwinPush.Device(
                id: String(1_000_000_000_000_000 + number), appID: app, udid: "U\(number)",
                platform: number % 3 == 0 ? "android" : "ios", now: now)
            XCTAssertEqual(state.insert(device), number)
        }
        for step in 0..<3_000 {
            let index = Int(generator.next() % 400)
            switch generator.next() % 3 {
            case 0: state.setAlias(index, to: nil)
            case 1: state.setAlias(index, to: aliases[Int(generator.next() % UInt64(aliases.count))])
            default:
                let udid = "U\(generator.next() % 450)"
                let platform = generator.next() % 2 == 0 ? "ios" : "android"
                let holder = state.deviceIndex(
                    .init(app: state.appID(index), udid: udid, platform: platform))
                XCTAssertEqual(state.rekey(index, udid: udid, platform: platform), holder == nil || holder == index)
            }
            if step % 100 == 0 { assertIndexes(state, apps: apps, aliases: aliases) }
        }
        assertIndexes(state, apps: apps, aliases: aliases)
        XCTAssertNil(state.deviceIndex(id: "999"))
        XCTAssertNil(state.deviceIndex(id: "1000000000000001", app: "a1"), "device 1 is in a2")
    }

    func test_twinPushState_changedTexts_compactTheirPool_andEveryDeviceKeepsItsOwn() {
        var state = TwinPushState(configuration: PushFakeConfiguration())
        var generator = SplitMix64(seed: 11)
        let now = Date(timeIntervalSince1970: 0)
        var expected: [(udid: String, token: String?, alias: String?)] = []
        for number in 0..<300 {
            let device = TwinPush.Device(
                id: String(2_000_000_000_000_000 + number), appID: "app", udid: "U\(number)", platform: "ios",
                now: now)
            XCTAssertEqual(state.insert(device), number)
            expected.append(("U\(number)", nil, nil))
        }
        var largestPool = 0
        for step in 0..<5_000 {
            let index = Int(generator.next() % 300)
            if generator.next() % 4 == 0 {
                let alias = "alias-\(generator.next() % 20)"
                state.setAlias(index, to: alias)
                expected[index].alias = alias
            } else {
                let token = String(repeating: "t", count: 150) + "-\(step)"
                state.setText(index, TwinPushState.TextSlot.pushToken, to: token)
                expected[index].token = token
            }
            largestPool = max(largestPool, state.texts.byteCount)
            XCTAssertLessThanOrEqual(
                state.texts.deadBytes, max(1 << 16, state.texts.liveBytes), "compacted when dead passes live")
        }
        // 5,000 rewrites of about 160 bytes would leave 800 kB without compaction.
        XCTAssertLessThan(largestPool, 2 * state.texts.liveBytes + (1 << 16) + 200)
        for (index, values) in expected.enumerated() {
            XCTAssertEqual(state.device(index).udid, values.udid)
            XCTAssertEqual(state.pushToken(index), values.token)
            XCTAssertEqual(state.alias(index), values.alias)
            XCTAssertEqual(state.deviceIndex(.init(app: "app", udid: values.udid, platform: "ios")), index)
        }
        for number in 0..<20 {
            let alias = "alias-\(number)"
            let holders = expected.indices.filter { expected[$0].alias == alias }
            XCTAssertEqual(state.deviceIndexes(alias: alias, app: "app"), holders, alias)
        }
    }

    private func assertIndexes(
        _ state: TwinPushState, apps: [String], aliases: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        for index in state.records.indices {
            let device = state.device(index)
            XCTAssertEqual(state.deviceIndex(id: device.id), index, file: file, line: line)
            XCTAssertEqual(state.deviceIndex(id: device.id, app: device.appID), index, file: file, line: line)
            XCTAssertEqual(
                state.deviceIndex(.init(app: device.appID, udid: device.udid, platform: device.platform)), index,
                file: file, line: line)
        }
        for app in apps {
            for alias in aliases {
                let expected = state.records.indices.filter {
                    state.appID($0) == app && state.alias($0) == alias
                }
                XCTAssertEqual(
                    state.deviceIndexes(alias: alias, app: app), expected, "\(app) \(alias)", file: file, line: line)
            }
        }
    }
}
