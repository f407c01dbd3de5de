import Dispatch
import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Fan-out at scale. By default a small run that checks correctness; with `PUSHFAKE_FANOUT_DEVICES=100000` it
/// prints how long the create took (measure in release: `swift test -c release --filter TwinPushFanOutTests`).
/// Nothing here asserts on time.
final class TwinPushFanOutTests: XCTestCase {
    func test_broadcast_deliversToEveryDevice_whenTheAppHasManyDevices() throws {
        // GIVEN many devices, half iOS and half Android
        let environment = ProcessInfo.processInfo.environment
        let count = environment["PUSHFAKE_FANOUT_DEVICES"].flatMap { Int($0) } ?? 2000
        let client = TwinPushTestClient(fake: PushFake(PushFakeConfiguration(seed: 1)))
        for number in 0..<count {
            let platform = number.isMultiple(of: 2) ? "ios" : "android"
            // Hexadecimal, as APNs tokens are (FCM takes it too).
            let token = String(format: "ab%08x", number)
            let body =
                #"{"udid":"u\#(number)","platform":"\#(platform)","push_token":"\#(token)","alias_device":"a\#(number % 1000)"}"#
            client.send("POST", client.path("/devices/register"), body)
        }
        // WHEN one notification is broadcast to all of them, with inbox
        let start = DispatchTime.now().uptimeNanoseconds
        let reply = client.create(
            #"{"broadcast":true,"alert":"Hello everyone","title":"News","inbox":true,"custom_properties":{"k":"v"}}"#)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        if environment["PUSHFAKE_FANOUT_DEVICES"] != nil {
            print("TwinPush fan-out: \(count) devices, create took \(String(format: "%.1f", milliseconds)) ms")
        }
        // THEN every device has exactly one delivery and every alias inbox one item
        XCTAssertEqual(reply.status, 200)
        let nid = try XCTUnwrap(reply.json["objects"]?[0]?["id"]?.stringValue)
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid).count, count)
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.deliveryCount, count)
        XCTAssertEqual(client.fake.twinPushInbox(alias: "a0", app: TwinPushTestClient.app).count, 1)
        XCTAssertEqual(client.fake.entries(matching: .twinPush(.createNotification)).last?.deliveryIDs.count, count)
    }
}
