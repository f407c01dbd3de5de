import Foundation
import PushFakeCore

/// A fleet of virtual phones that behave like the TPNS and TwinPush SDKs: they register, receive their deliveries,
/// check them like a phone would, and react by a seeded policy.
///
/// ```swift
/// let fake = PushFake(PushFakeConfiguration(seed: 7))          // a fixed clock: the fleet runs in virtual time
/// let fleet = DeviceFleet(FleetConfiguration(devices: 1_000, mix: try .parse("twinpush-ios=60,twinpush-android=40")))
/// try await fleet.start(against: fake)                          // every device registers
/// // … a backend sends a campaign through the creator API …
/// _ = await fleet.waitUntilReceived(notificationID, fraction: 0.99)
/// await fleet.run(for: 600)                                     // ten virtual minutes of opens
/// let report = fleet.report()
/// await fleet.stop()                                            // apps close
/// ```
public final class DeviceFleet: Sendable {
    /// What the fleet is.
    public let configuration: FleetConfiguration
    let wire: FleetWire
    let state: Locked<FleetState>
    let control = Locked(Control())

    struct Control {
        var driver: FleetDriver?
        var stopRequested = false
        var driverRunning = false
        var detach: (@Sendable () -> Void)?
    }

    /// A fleet; nothing is sent until ``start(against:)``.
    public init(_ configuration: FleetConfiguration) {
        self.configuration = configuration
        self.wire = FleetWire(app: configuration.app)
        self.state = Locked(FleetState(configuration: configuration))
    }

    /// Starts the fleet against an engine in this process: requests go to `fake.handle`, deliveries come from its
    /// delivery observers. With the engine's clock fixed the fleet runs in virtual time. Returns once every device
    /// launched its app (registered).
    public func start(against fake: PushFake) async throws {
        let token = fake.onDelivery { [weak self] delivery in self?.accept(FleetDelivery(delivery)) }
        try await begin(
            FleetDriver(transport: EngineFleetTransport(fake), clock: EngineFleetClock(fake), origin: fake.now),
            threads: 1, detach: { fake.removeDeliveryObserver(token) })
    }

    /// Starts the fleet with any transport and clock; deliveries must be fed to ``accept(_:)``. `detach` runs on
    /// ``stop()``.
    /// - Parameter sync: when deliveries fed to ``accept(_:)`` may arrive after the request that caused them
    ///   returned, waits at most the given real seconds until every delivery made so far was fed (`false`: it could
    ///   not tell); waits for deliveries call it instead of giving up when nothing more is scheduled.
    public func start(
        transport: any FleetTransport, clock: any FleetClock, threads: Int = 1, detach: (@Sendable () -> Void)? = nil,
        sync: (@Sendable (Double) -> Bool)? = nil
    ) async throws {
        let driver = FleetDriver(transport: transport, clock: clock, origin: clock.now, sync: sync)
        try await begin(driver, threads: threads, detach: detach)
    }

    func begin(_ driver: FleetDriver, threads: Int, detach: (@Sendable () -> Void)?) async throws {
        let started = control.withLock { control -> Bool in
            guard control.driver == nil else { return false }
            control.driver = driver
            control.detach = detach
            return true
        }
        guard started else {
            detach?()
            throw FleetError.alreadyStarted
        }
        await Self.onThread { self.state.withLock { $0.populate() } }
        await runLaunches(driver, threads: threads)
        if !driver.clock.isVirtual { startRealTimeDriver(driver, lanes: threads) }
    }

    /// Hands a delivery to the fleet: ignored unless it is for one of the fleet's devices.
    public func accept(_ delivery: FleetDelivery) {
        guard let driver = control.withLock({ $0.driver }) else { return }
        let now = driver.clock.now.timeIntervalSince(driver.origin)
        let sent = delivery.createdAt.timeIntervalSince(driver.origin)
        state.withLock { state in
            let key = (delivery.vendor == .tpns ? "p" : "t") + delivery.deviceID
            guard let device = state.byVendorID[key] else { return }
            state.intake &+= 1
            let index = state.tally(vendor: delivery.vendor, notification: delivery.notificationID)
            state.tallies[index].targeted += 1
            if let failure = delivery.failure {
                state.errors["delivery \(failure)", default: 0] += 1
                return
            }
            state.tallies[index].delivered += 1
            state.tallies[index].deliveredLatency.append(max(0, now - sent))
            state.schedule.add(
                FleetAction(time: max(now, sent), device: device, kind: .arrive, argument: Int32(index), sentAt: sent))
        }
    }

    /// Waits until `fraction` of the deliveries of notification `notificationID` the push networks accepted for the
    /// fleet's devices were received by them, for at most `seconds` of fleet time (virtual or real). Against a
    /// server, the deliveries counted are all of them (the wait first passes the sync point: every delivery the
    /// server made before the wait reached the fleet), not those heard of so far.
    /// - Returns: whether the fraction was reached.
    public func waitUntilReceived(_ notificationID: String, fraction: Double = 0.99, within seconds: Double = 600) async
        -> Bool
    {
        let fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 1
        return await waitUntil(
            tallies(of: notificationID) { delivered, tally in
                delivered > 0 && Double(tally.received) >= (fraction * Double(delivered)).rounded(.up)
            }, within: seconds)
    }

    /// Waits until every delivery of notification `notificationID` to the fleet's devices arrived (received, expired
    /// or met an uninstalled app) and every open it drew was sent, for at most `seconds` of fleet time.
    /// - Returns: whether the fleet is done reacting to it.
    public func waitUntilReacted(_ notificationID: String, within seconds: Double = 600) async -> Bool {
        await waitUntil(
            tallies(of: notificationID) { delivered, tally in
                delivered > 0 && tally.received + tally.expired + tally.uninstalled >= delivered
                    && tally.pendingOpens == 0
            }, within: seconds)
    }

    /// Waits until every delivery the server made so far reached the fleet (the sync point of a fleet against a
    /// server), for at most `seconds` of real time; `true` at once in process, where deliveries arrive with the send.
    public func waitUntilDelivered(within seconds: Double = 600) async -> Bool {
        guard let sync = control.withLock({ $0.driver?.sync }) else { return control.withLock { $0.driver != nil } }
        return await Self.onThread { sync(seconds.isFinite ? max(seconds, 0) : FleetDelay.limit) }
    }

    /// A condition on notification `notificationID`'s tallies (TwinPush and TPNS added up: `received`, `expired`,
    /// `uninstalled`, `pendingOpens`), given their `delivered` count. Checked after every action in virtual time: the
    /// keys are made once, and nothing is allocated per check.
    private func tallies(of notificationID: String, _ holds: @escaping @Sendable (Int, FleetTally) -> Bool)
        -> @Sendable (FleetState) -> Bool
    {
        let keys = ("t" + notificationID, "p" + notificationID)
        return { state in
            var delivered = 0
            var sum = FleetTally(id: "", vendor: "")
            for key in [keys.0, keys.1] {
                guard let index = state.tallyIndex[key] else { continue }
                let tally = state.tallies[Int(index)]
                delivered += tally.delivered
                sum.received += tally.received
                sum.expired += tally.expired
                sum.uninstalled += tally.uninstalled
                sum.pendingOpens += tally.pendingOpens
            }
            return holds(delivered, sum)
        }
    }

    /// Lets `seconds` of fleet time pass: in virtual time, runs every action due in them and moves the fake's clock
    /// to their end; in real time, sleeps.
    public func run(for seconds: Double) async {
        _ = await waitUntil(nil, within: seconds)
    }

    /// The report as of now (per notification counts and latencies, requests, errors).
    public func report() -> FleetReport {
        state.withLock { $0.report() }
    }

    /// Stops the fleet: pending actions are dropped and every app in the foreground closes (`close_app`).
    public func stop() async {
        guard
            let driver = control.withLock({ control -> FleetDriver? in
                control.stopRequested = true
                return control.driver
            })
        else { return }
        while control.withLock({ $0.driverRunning }) { try? await Task.sleep(nanoseconds: 5_000_000) }
        await Self.onThread { self.closeApps(driver) }
        let detach = control.withLock { control -> (@Sendable () -> Void)? in
            defer { control.detach = nil }
            return control.detach
        }
        detach?()
    }
}

/// Why a fleet call was refused.
public enum FleetError: Error, Sendable, Equatable {
    /// ``DeviceFleet/start(against:)`` was called twice.
    case alreadyStarted
    /// The server's events stream could not be opened.
    case unreachable(String)
}
