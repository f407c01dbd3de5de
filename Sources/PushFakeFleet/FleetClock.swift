import Foundation
import PushFakeCore

/// The fleet's notion of now. A virtual clock is moved by the fleet itself (the fake's fixed clock): actions run in
/// (virtual time, device) order as fast as they can, so a 10-minute campaign takes seconds and its journal is the
/// same on every run. A real clock is waited for.
public protocol FleetClock: Sendable {
    /// The current time.
    var now: Date { get }
    /// Whether the fleet moves this clock (`true`) or waits for it.
    var isVirtual: Bool { get }
    /// Moves a virtual clock forward to `date` (never back); a real clock ignores it.
    func move(to date: Date)
}

/// An engine's clock: virtual when the engine's clock is fixed.
public struct EngineFleetClock: FleetClock {
    let fake: PushFake

    public init(_ fake: PushFake) {
        self.fake = fake
    }

    public var now: Date { fake.now }
    public var isVirtual: Bool { fake.clockMode == .fixed }

    public func move(to date: Date) {
        if isVirtual, date > fake.now { _ = fake.setClock(to: date) }
    }
}

/// Wall time, for fleets against a server whose clock runs.
public struct WallFleetClock: FleetClock {
    public init() {}
    public var now: Date { Date() }
    public var isVirtual: Bool { false }
    public func move(to date: Date) {}
}

/// What the fleet's driver works with once started.
struct FleetDriver: Sendable {
    let transport: any FleetTransport
    let clock: any FleetClock
    /// Fleet time 0.
    let origin: Date
    /// The sync point of deliveries that come on their own (a server's events stream): waits at most the given real
    /// seconds until every delivery the server made before the call reached the fleet; `false` when that could not
    /// be established. `nil` in process, where the engine hands each delivery over before its send returns.
    var sync: (@Sendable (Double) -> Bool)?
}
