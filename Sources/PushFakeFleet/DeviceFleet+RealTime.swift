import Foundation
import PushFakeCore

extension DeviceFleet {
    /// Runs due actions as real time passes, until ``stop()``: one thread takes them from the schedule in order and
    /// hands each to one of `lanes` threads by device, so that many devices' requests are on the wire at once (a
    /// broadcast's receipts and opens) while each device's actions keep their order.
    func startRealTimeDriver(_ driver: FleetDriver, lanes count: Int) {
        control.withLock { $0.driverRunning = true }
        let lanes = (0..<min(max(count, 1), 64)).map { _ in FleetLane() }
        let finished = DispatchGroup()
        for lane in lanes {
            finished.enter()
            let thread = Thread { [self] in
                while let action = lane.next() {
                    perform(action, at: driver.clock.now.timeIntervalSince(driver.origin), driver: driver)
                }
                finished.leave()
            }
            thread.name = "pushfake-fleet-lane"
            thread.start()
        }
        let thread = Thread { [self] in
            while !control.withLock({ $0.stopRequested }) {
                let now = driver.clock.now.timeIntervalSince(driver.origin)
                let due = state.withLock { state -> [FleetAction] in
                    var due: [FleetAction] = []
                    while due.count < 4_096, let first = state.schedule.first, first.time <= now {
                        state.schedule.removeFirst().map { due.append($0) }
                    }
                    return due
                }
                if due.isEmpty { Thread.sleep(forTimeInterval: 0.005) }
                for action in due { lanes[Int(action.device) % lanes.count].add(action) }
            }
            // Stopped: what the lanes still hold is dropped, like the schedule.
            for lane in lanes { lane.close() }
            finished.wait()
            control.withLock { $0.driverRunning = false }
        }
        thread.name = "pushfake-fleet"
        thread.start()
    }
}

/// The due actions of some of a fleet's devices, run in order by one thread of the real-time driver.
final class FleetLane: Sendable {
    private struct Queue {
        var actions: [FleetAction] = []
        var head = 0
        var closed = false
    }

    private let queue = Locked(Queue())
    /// Signalled once per action added, and on ``close()``.
    private let added = DispatchSemaphore(value: 0)

    func add(_ action: FleetAction) {
        queue.withLock { $0.actions.append(action) }
        added.signal()
    }

    /// The next action, waiting for one; `nil` once closed.
    func next() -> FleetAction? {
        added.wait()
        return queue.withLock { queue -> FleetAction? in
            guard !queue.closed, queue.head < queue.actions.count else { return nil }
            let action = queue.actions[queue.head]
            queue.head += 1
            if queue.head == queue.actions.count {
                queue.actions.removeAll(keepingCapacity: true)
                queue.head = 0
            }
            return action
        }
    }

    /// Drops what is queued and ends ``next()``.
    func close() {
        queue.withLock { queue in
            queue.closed = true
            queue.actions = []
        }
        added.signal()
    }
}
