import Foundation
import XCTest

@testable import PushFakeCore

/// The delivery log's indexes (ids in a tagged table, notifications as runs) must answer as a scan of every delivery
/// would: interleaved notifications, repeated ids, ids that differ only in their Unicode spelling.
final class DeliveryLogTests: XCTestCase {
    private func delivery(_ id: String, _ notification: String) -> Delivery {
        Delivery(
            id: id, vendor: .tpns, app: "app", notificationID: notification, deviceID: "device-\(id)",
            platform: .android, token: "token", payload: [], createdAt: Date(timeIntervalSince1970: 0))
    }

    func test_deliveriesOfANotification_areInCreationOrder_whenNotificationsInterleave() {
        var log = DeliveryLog()
        let notifications = ["A", "A", "B", "A", "C", "C", "B", "A", "A"]
        for (index, notification) in notifications.enumerated() { log.add(delivery("d\(index)", notification)) }
        for notification in ["A", "B", "C"] {
            let expected = notifications.indices.filter { notifications[$0] == notification }.map { "d\($0)" }
            XCTAssertEqual(log.deliveries(forNotification: notification).map(\.id), expected, notification)
        }
        XCTAssertEqual(log.deliveries(forNotification: "D").count, 0)
        var seen: [String] = []
        let changed = log.update(notification: "A", where: { $0.id != "d1" }, { seen.append($0.id) })
        XCTAssertEqual(changed, 4)
        XCTAssertEqual(seen, ["d0", "d3", "d7", "d8"])
    }

    func test_deliveryByID_findsTheLatest_whenAnIDRepeats_andTellsUnicodeSpellingsApart() {
        var log = DeliveryLog()
        log.add(delivery("caf\u{E9}", "N1"))
        log.add(delivery("x", "N1"))
        log.add(delivery("x", "N2"))
        XCTAssertEqual(log.delivery(id: "x")?.notificationID, "N2")
        XCTAssertEqual(log.delivery(id: "caf\u{E9}")?.notificationID, "N1")
        XCTAssertNil(log.delivery(id: "cafe\u{301}"))
        XCTAssertTrue(log.update(id: "x") { $0.receivedAt = Date(timeIntervalSince1970: 5) })
        XCTAssertEqual(log.all.map { $0.receivedAt == nil }, [true, true, false])
        XCTAssertFalse(log.update(id: "missing") { _ in })
    }

    func test_deliveryLog_findsEveryID_whenAFanOutReservesThenAddsManyMore() {
        var log = DeliveryLog()
        log.reserveCapacity(forAdditional: 1_000)
        for index in 0..<5_000 { log.add(delivery(String(format: "%016d", index), "N\(index / 2_000)")) }
        for index in stride(from: 0, to: 5_000, by: 7) {
            XCTAssertEqual(log.delivery(id: String(format: "%016d", index))?.notificationID, "N\(index / 2_000)")
        }
        XCTAssertEqual(log.deliveries(forNotification: "N1").count, 2_000)
        XCTAssertEqual(log.deliveries(forNotification: "N2").count, 1_000)
    }

    /// The id index is extended by lookups, so copies of a log may share it: each copy must find its own deliveries
    /// and none that another copy added after they parted, however lookups and adds interleave.
    func test_copiesOfALog_findOnlyTheirOwnDeliveries_whenLookupsExtendTheSharedIndex() {
        var original = DeliveryLog()
        for index in 0..<100 { original.add(delivery("d\(index)", "N")) }
        let before = original
        XCTAssertEqual(before.delivery(id: "d99")?.id, "d99")  // indexes the shared part from the copy
        var later = original
        later.add(delivery("d100", "M"))
        later.add(delivery("d5", "M"))  // repeats an earlier id: replaces it in this copy only
        XCTAssertEqual(later.delivery(id: "d5")?.notificationID, "M")
        XCTAssertEqual(later.delivery(id: "d100")?.notificationID, "M")
        XCTAssertNil(original.delivery(id: "d100"))
        XCTAssertEqual(original.delivery(id: "d5")?.notificationID, "N")
        XCTAssertEqual(before.delivery(id: "d5")?.notificationID, "N")
        original.add(delivery("d200", "P"))
        XCTAssertNil(later.delivery(id: "d200"))
        XCTAssertEqual(original.delivery(id: "d200")?.notificationID, "P")
        XCTAssertNil(before.delivery(id: "d200"))
    }
}
