import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `onDelivery`: every delivery reaches its observers once, after the entry that caused it, and deliveries the clock
/// releases reach them when it moves.
final class DeliveryObserverTests: XCTestCase {
    private let send =
        #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS_SAND"]}]"#

    func test_requestDeliveries_reachObservers_afterTheirEntry() {
        let fake = PushFake()
        let events = Locked<[String]>([])
        fake.addObserver { entry in events.withLock { $0.append("entry \(entry.sequence)") } }
        fake.onDelivery { delivery in events.withLock { $0.append("delivery \(delivery.deviceID)") } }
        fake.tpnsRegister(deviceId: "D1")
        fake.tpnsRegister(deviceId: "D2")
        fake.send("POST", "/TPNS/api/pushnotifications", json: send)
        XCTAssertEqual(
            events.withLock { $0 }, ["entry 1", "entry 2", "entry 3", "delivery D1", "delivery D2"])
    }

    func test_clockReleasedDeliveries_reachObserversWhenTheClockMoves() {
        let fake = PushFake()
        let register = #"{"udid":"u1","push_token":"t","platform":"ios","alias_device":"bob"}"#
        fake.send("POST", "/api/v2/apps/app1/devices/register", json: register)
        let later = #"{"devices_aliases":["bob"],"alert":"Later","send_since":"2026-01-01 01:00:00 UTC"}"#
        fake.send("POST", "/api/v2/apps/app1/notifications", json: later)
        let delivered = Locked<[String]>([])
        let token = fake.onDelivery { delivery in delivered.withLock { $0.append(delivery.notificationID) } }
        XCTAssertEqual(delivered.withLock { $0 }, [], "scheduled, not delivered yet")
        fake.advanceClock(by: 3600)
        XCTAssertEqual(delivered.withLock { $0 }, ["2000000000000001"])
        fake.removeDeliveryObserver(token)
        fake.tpnsRegister(deviceId: "D1")
        fake.send("POST", "/TPNS/api/pushnotifications", json: send)
        XCTAssertEqual(delivered.withLock { $0 }.count, 1, "a removed observer hears nothing more")
    }

    /// Watchers (the events stream) hear which journal entry a delivery belongs to: the request's entry, or none
    /// when the clock released it.
    func test_watchers_hearTheCausingEntry_ofRequestDeliveries_andNoneForClockReleasedOnes() {
        let fake = PushFake()
        let heard = Locked<[String]>([])
        let (token, _) = fake.addWatcher { news, _ in
            guard case .delivery(let delivery, let entry) = news else { return }
            heard.withLock { $0.append("\(delivery.deviceID) \(entry.map(String.init) ?? "clock")") }
        }
        defer { fake.removeWatcher(token) }
        fake.tpnsRegister(deviceId: "D1")
        fake.send("POST", "/TPNS/api/pushnotifications", json: send)
        let register = #"{"udid":"u1","push_token":"t","platform":"ios","alias_device":"bob"}"#
        fake.send("POST", "/api/v2/apps/app1/devices/register", json: register)
        let later = #"{"devices_aliases":["bob"],"alert":"Later","send_since":"2026-01-01 01:00:00 UTC"}"#
        fake.send("POST", "/api/v2/apps/app1/notifications", json: later)
        fake.advanceClock(by: 3600)
        let news = heard.withLock { $0 }
        XCTAssertEqual(news.count, 2, "\(news)")
        XCTAssertEqual(news.first, "D1 2", "the send is the second entry")
        XCTAssertEqual(news.last?.hasSuffix(" clock"), true, "\(news)")
    }
}
