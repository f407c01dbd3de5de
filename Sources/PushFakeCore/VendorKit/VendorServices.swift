import Foundation

/// The engine services a vendor's handlers and clock tick may use: the fake clock's time, deterministic ids and
/// the delivery log. Nothing else of the engine — not the journal, the fault rules, the observers or another
/// vendor's state — is reachable from a handler.
///
/// ```swift
/// let id = services.nextID(.delivery)
/// services.record(Delivery(id: id, vendor: .acme, app: app, notificationID: message, deviceID: device,
///                          platform: .android, token: token, payload: payload, createdAt: services.now))
/// ```
public struct VendorServices {
    /// The fake clock's time for this request (or for this tick).
    public internal(set) var now: Date
    var ids: DeterministicIDs
    var deliveryLog = DeliveryLog()
    /// Deliveries recorded since the engine last took them: the ones the current request caused.
    private var caused: [String] = []

    init(seed: UInt64, now: Date) {
        self.now = now
        self.ids = DeterministicIDs(seed: seed)
    }

    /// The next id of `kind`: 16 digits, deterministic for the seed and the ids made before.
    public mutating func nextID(_ kind: IDKind) -> String {
        ids.next(kind)
    }

    /// Makes sure ``nextID(_:)`` never returns `id`: for ids a state document names (``PushVendor/restore(_:into:services:)``).
    /// An id of the engine's form raises its kind's counter; any other id cannot collide and changes nothing.
    public mutating func reserveID(_ id: String) {
        ids.reserve(id)
    }

    /// Makes the next ids of `kind` the given ones (a learning proxy adopting the real service's ids); what the
    /// handler does not use is forgotten after the request.
    mutating func adoptNextIDs(_ ids: [String], as kind: IDKind) {
        self.ids.adopt(ids, as: kind)
    }

    mutating func forgetAdoptedIDs() {
        ids.forgetAdopted()
    }

    /// Records a delivery, failing it when its payload exceeds the platform limit (FakeBehaviour.md, Payload
    /// limits), and lists it among the deliveries the current request caused.
    /// - Returns: the delivery as recorded.
    @discardableResult
    public mutating func record(_ delivery: Delivery) -> Delivery {
        let recorded = deliveryLog.add(delivery)
        caused.append(recorded.id)
        return recorded
    }

    /// The delivery with this id, if any.
    public func delivery(id: String) -> Delivery? {
        deliveryLog.delivery(id: id)
    }

    /// Every delivery of a notification, in creation order.
    public func deliveries(ofNotification id: String) -> [Delivery] {
        deliveryLog.deliveries(forNotification: id)
    }

    /// Changes one delivery by id (receipt and open times); `false` when there is none.
    @discardableResult
    mutating func updateDelivery(id: String, _ change: (inout Delivery) -> Void) -> Bool {
        deliveryLog.update(id: id, change)
    }

    /// Makes room before a fan-out of `count` deliveries.
    mutating func reserveDeliveryCapacity(forAdditional count: Int) {
        deliveryLog.reserveCapacity(forAdditional: count)
        caused.reserveCapacity(caused.count + count)
    }

    /// The ids of the deliveries recorded since the last call, for the journal entry; empties the list.
    mutating func takeCaused() -> [String] {
        guard !caused.isEmpty else { return [] }
        defer { caused = [] }
        return caused
    }
}
