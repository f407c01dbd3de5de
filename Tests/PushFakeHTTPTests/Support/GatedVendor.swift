import Dispatch
import Foundation
import PushFakeCore

/// A gate a test holds shut while it checks what else gets done: code that reaches it says so and waits until the
/// test opens it. Deterministic, no timing: tests wait for conditions, never for time to pass.
final class Gate: Sendable {
    private let arrivedSignal = DispatchSemaphore(value: 0)
    private let openSignal = DispatchSemaphore(value: 0)

    /// Called by the code under test: says it arrived, then waits until ``open()``.
    func pass() {
        arrivedSignal.signal()
        openSignal.wait()
    }

    /// Waits until code has reached the gate; `false` if none did within `seconds`.
    func waitForArrival(seconds: Double = 20) -> Bool {
        arrivedSignal.wait(timeout: .now() + seconds) == .success
    }

    /// Lets one waiter through (and the next one, if more than one is to come).
    func open(times: Int = 1) {
        for _ in 0..<times { openSignal.signal() }
    }
}

extension Vendor {
    static let gated = Vendor("gated")
}

/// A vendor whose route handler (under the engine's lock) and devices view (built from a snapshot) stop at a gate,
/// and whose state claims as many devices as a test likes: how the tests tell work done under the engine's lock or
/// on an event loop from work done elsewhere.
struct GatedVendor: PushVendor {
    struct State: Sendable {}

    let gate: Gate
    /// What ``recordCounts(of:)`` reports: how large the admin API judges the devices view to be.
    var claimedDevices = 0

    var vendor: Vendor { .gated }
    var displayName: String { "Gated" }
    var pathPrefixes: [String] { ["/gated"] }

    var routes: [VendorRoute<State>] {
        let gate = self.gate
        return [
            VendorRoute("POST", "/gated/wait", "wait") { context, _, _ in
                gate.pass()
                return .json(200, ["bodyBytes": .int(context.request.body.count)])
            }
        ]
    }

    func makeState(_ configuration: PushFakeConfiguration) -> State { State() }

    func view(_ view: VendorView, of state: State) -> JSON? {
        guard view == .devices else { return nil }
        gate.pass()
        return ["gated"]
    }

    func recordCounts(of state: State) -> [(name: String, count: Int)] {
        [("devices", claimedDevices)]
    }
}
