/// What a vendor's card tells the dashboard's fleet view (docs/dashboard.md, "The fleet view"): which of its journal
/// operations move a device through its lifecycle, where a register names the device's platform, and which path
/// parameter of a receipt or an open names the notification. The fleet view's script knows no vendor: it counts a
/// vendor's devices and reactions from this part alone.
extension VendorCard {
    /// The move a succeeded journal entry of an operation means for its device (the entry's `device`).
    public enum FleetMove: String, Sendable, CaseIterable {
        /// The device is counted (registered, when first seen), its platform learned from the request
        /// (``Fleet/platform``); one counted as unregistered comes back as registered.
        case registered
        /// The app is open.
        case foreground
        /// The app is in the background.
        case background
        /// The device is gone.
        case unregistered
        /// The device received a delivery (``Fleet/notification`` names it): counted once per delivery.
        case received
        /// The user opened a delivery: counted once per delivery.
        case opened
    }

    /// The card's fleet part.
    public struct Fleet: Sendable, Equatable {
        /// Per journal operation name, the move it means; an operation not listed moves nothing.
        public var moves: [String: FleetMove]
        /// The member of a `registered` operation's request JSON holding the device's platform, read through the
        /// card's ``VendorCard/platforms``; `nil`: the platform is learned from the device's deliveries.
        public var platform: String?
        /// The journal entry's path parameter (`params`) of a `received` or `opened` operation naming the
        /// notification, as the delivery's `notificationId` has it.
        public var notification = "notification"

        public init(moves: [String: FleetMove], platform: String? = nil) {
            self.moves = moves
            self.platform = platform
        }
    }
}

extension VendorCard.Fleet: WireType {
    /// `{"moves", "platform", "notification"}`: `moves` in the order of its keys, `platform` `null` when not set.
    public static let wire = WireDescription<VendorCard.Fleet>(
        summary: "How the fleet view counts the vendor's devices from its journal entries.",
        VendorCard.Fleet(moves: [:]),
        fields: [
            .required(
                "moves", \.moves, VendorCard.sortedMap(.choice),
                "Per journal operation name, the lifecycle move it means; one not listed moves nothing."),
            .optional(
                "platform", \.platform, .string, writesNull: true,
                "The member of a `registered` operation's request JSON holding the platform, read through `platforms`."),
            .required(
                "notification", \.notification, .string,
                "The path parameter of a `received` or `opened` operation naming the notification."),
        ], answer: true)
}

extension VendorCard.Fleet {
    /// What does not fit the vendor's routes: a moved operation it lacks, a `received` or `opened` route without the
    /// notification's path parameter.
    func problems(routes: [(operation: Operation, template: String)]) -> [String] {
        var problems: [String] = []
        for (name, move) in moves.sorted(by: { $0.key < $1.key }) {
            let templates = routes.filter { $0.operation == Operation(name) }.map(\.template)
            if templates.isEmpty { problems.append("fleet: \(name) is no operation of the vendor") }
            guard move == .received || move == .opened else { continue }
            for template in templates where !template.contains("{\(notification)}") {
                problems.append("fleet: \(template) has no {\(notification)} to name the notification")
            }
        }
        return problems
    }
}
