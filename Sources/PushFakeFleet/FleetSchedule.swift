/// What a device does next, and when: one entry of the fleet's schedule (16 bytes plus the time).
struct FleetAction: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        /// Launch the app: register (and what follows it in the profile).
        case launch
        /// A delivery reaches the phone (or waits, when it is offline).
        case arrive
        /// The user taps the notification.
        case open
        /// The app goes to the background (`argument` is the session number it ends).
        case close
        /// The user opens the app without a notification (a foreground/background cycle).
        case cycle
    }

    /// Seconds since the fleet started (its clock's origin).
    var time: Double
    /// The device's index in the fleet's slice.
    var device: Int32
    var kind: Kind
    /// The notification's index in the fleet's table (arrive, open), or the session number (close).
    var argument: Int32
    /// The delivery's creation time, seconds since the start (arrive: latency and expiry are measured from it).
    var sentAt: Double

    /// The schedule's order: (time, device), then kind and argument, so equal times are broken the same way on
    /// every run.
    static func precedes(_ lhs: FleetAction, _ rhs: FleetAction) -> Bool {
        if lhs.time != rhs.time { return lhs.time < rhs.time }
        if lhs.device != rhs.device { return lhs.device < rhs.device }
        if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
        return lhs.argument < rhs.argument
    }
}

/// The fleet's pending actions as a binary min-heap ordered by ``FleetAction/precedes(_:_:)``: deterministic,
/// whatever order they were added in.
struct FleetSchedule: Sendable {
    private var heap: [FleetAction] = []

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }
    /// The earliest action, if any.
    var first: FleetAction? { heap.first }

    mutating func reserve(_ count: Int) { heap.reserveCapacity(count) }

    mutating func add(_ action: FleetAction) {
        heap.append(action)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard FleetAction.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest action.
    mutating func removeFirst() -> FleetAction? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return top }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            var smallest = left
            let right = left + 1
            if right < heap.count, FleetAction.precedes(heap[right], heap[left]) { smallest = right }
            guard FleetAction.precedes(heap[smallest], heap[parent]) else { break }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
        return top
    }

    mutating func removeAll() { heap.removeAll() }
}
