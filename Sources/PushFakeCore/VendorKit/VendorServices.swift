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
    /// The push networks' checks every recorded delivery goes through (DeliveryChecks.md).
    var checks: DeliveryChecks
    /// Deliveries recorded since the engine last took them: the ones the current request caused.
    private var caused: [String] = []
    /// Those of `caused` that have problems, for the journal entry's notes.
    private var causedProblems: [String] = []

    /// Services for an engine of `configuration`, whose ids come from `seed` (a state document may bring its own).
    init(_ configuration: PushFakeConfiguration, seed: UInt64, now: Date) {
        self.now = now
        self.ids = DeterministicIDs(seed: seed)
        self.checks = DeliveryChecks(simulator: configuration.simulatorDelivery != nil)
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

    /// Records a delivery after the push networks' checks (DeliveryChecks.md): what APNs or FCM would refuse makes
    /// it `failed` with the network's reason, what a phone would not show as intended becomes a warning, both in
    /// ``Delivery/problems``. Lists it among the deliveries the current request caused.
    /// - Returns: the delivery as recorded, with its status and problems.
    @discardableResult
    public mutating func record(_ delivery: Delivery) -> Delivery {
        var delivery = delivery
        checks.check(&delivery)
        add(delivery)
        return delivery
    }

    /// ``record(_:)`` for a fan-out, which needs only the recorded status: the delivery moves into the log without
    /// a copy (a copy retains its five strings and payload, and destroying it releases them, once per device).
    /// With `template`, the payload has the same content as `template` but for numbers that no rule reads (a
    /// badge, a device id): the content rules' verdict for `template` is reused, so a fan-out of per-device payloads
    /// parses one. The token and size rules still read the delivery itself. ``lastRecorded`` is the delivery.
    mutating func store(_ delivery: consuming Delivery, contentLike template: [UInt8]? = nil) -> Delivery.Status {
        // A consuming parameter is mutable in place; `var copy = delivery` would copy it (the object file shows the
        // outlined copy and the original's destruction).
        checks.check(&delivery, contentLike: template)
        let status = delivery.status
        add(delivery)
        return status
    }

    /// The delivery recorded last (by ``record(_:)`` or ``store(_:contentLike:)``).
    var lastRecorded: Delivery? { deliveryLog.all.last }

    private mutating func add(_ delivery: consuming Delivery) {
        caused.append(delivery.id)
        if delivery.hasProblems { causedProblems.append(delivery.id) }
        deliveryLog.add(delivery)
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

    /// Forgets which deliveries since the last call have problems: a clock tick's, which no journal entry notes.
    mutating func forgetCausedProblems() {
        causedProblems = []
    }

    /// Those of the deliveries since the last call that have problems; empties the list.
    private mutating func takeCausedProblems() -> [Delivery] {
        guard !causedProblems.isEmpty else { return [] }
        defer { causedProblems = [] }
        return causedProblems.compactMap { deliveryLog.delivery(id: $0) }
    }

    /// ``takeCaused()`` for a request's journal entry, with a note per delivery that has problems added to `notes`
    /// (DeliveryChecks.md): at most ``problemNoteLimit`` of them, then one that counts the rest.
    mutating func takeCaused(notes: inout [String]) -> [String] {
        let problematic = takeCausedProblems()
        for delivery in problematic.prefix(Self.problemNoteLimit) {
            notes.append(
                "delivery \(delivery.id) to \(delivery.deviceID) (\(delivery.platform.rawValue)): "
                    + delivery.problems.map(\.description).joined(separator: "; "))
        }
        if problematic.count > Self.problemNoteLimit {
            notes.append("\(problematic.count - Self.problemNoteLimit) more deliveries with problems")
        }
        return takeCaused()
    }

    /// How many deliveries with problems one journal entry names in its notes; a fan-out to many bad tokens names
    /// the first ones and counts the rest (every delivery still carries its own).
    static let problemNoteLimit = 20
}
