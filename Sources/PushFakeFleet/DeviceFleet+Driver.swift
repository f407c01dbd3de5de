import Foundation

extension DeviceFleet {
    /// Runs the actions due up to fleet time `limit` (or until `condition` holds), moving a virtual clock to each
    /// one's time. Called on a thread of the fleet's own.
    /// - Returns: whether `condition` held.
    @discardableResult
    /// - Parameter settle: moves the clock to `limit` when the schedule runs dry first (not while a wait may retry).
    func runVirtual(
        _ driver: FleetDriver, limit: Double, until condition: (@Sendable (FleetState) -> Bool)?, settle: Bool = true
    ) -> Bool {
        while true {
            if control.withLock({ $0.stopRequested }) { return false }
            let next = state.withLock { state -> (FleetAction?, Bool) in
                if let condition, condition(state) { return (nil, true) }
                guard let first = state.schedule.first, first.time <= limit else { return (nil, false) }
                return (state.schedule.removeFirst(), false)
            }
            if next.1 { return true }
            guard let action = next.0 else { break }
            let now = driver.clock.now.timeIntervalSince(driver.origin)
            if action.time > now { driver.clock.move(to: driver.origin.addingTimeInterval(action.time)) }
            perform(action, at: max(action.time, now), driver: driver)
        }
        if settle, limit.isFinite { driver.clock.move(to: driver.origin.addingTimeInterval(limit)) }
        return false
    }

    /// Waits for `condition` (or lets time pass when it is `nil`) for at most `seconds` of fleet time.
    ///
    /// With deliveries that come on their own (``FleetDriver/sync``), a condition is first checked once every
    /// delivery the server made before the wait is in (the sync point), so that counts compared are final ones, not
    /// what happened to be heard so far; in virtual time the sync point is passed again whenever the schedule runs
    /// dry before the limit, and what it brought is run before the wait gives up.
    func waitUntil(_ condition: (@Sendable (FleetState) -> Bool)?, within seconds: Double) async -> Bool {
        guard let driver = control.withLock({ $0.driver }) else { return false }
        let seconds = seconds.isFinite ? min(max(seconds, 0), FleetDelay.limit) : FleetDelay.limit
        let limit = driver.clock.now.timeIntervalSince(driver.origin) + seconds
        let sync = condition == nil ? nil : driver.sync
        if driver.clock.isVirtual {
            // Deliveries the fleet had heard of at the last sync point: a sync that brings none leaves the schedule
            // as all there is.
            var heard = -1
            while let sync {
                // Counts short of the sync point are no answer: the wait fails, and the report says why.
                guard await Self.onThread({ sync(Self.syncSeconds) }) else {
                    if !control.withLock({ $0.stopRequested }) {
                        state.withLock { $0.errors["events sync timeout", default: 0] += 1 }
                    }
                    return false
                }
                let intake = state.withLock { $0.intake }
                if intake == heard { break }
                heard = intake
                if await Self.onThread({ self.runVirtual(driver, limit: limit, until: condition, settle: false) }) {
                    return true
                }
                if control.withLock({ $0.stopRequested }) { break }
            }
            return await Self.onThread { self.runVirtual(driver, limit: limit, until: condition) }
        }
        if let sync, !(await Self.onThread({ sync(seconds) })) { return false }
        while driver.clock.now.timeIntervalSince(driver.origin) < limit {
            if let condition, state.withLock({ condition($0) }) { return true }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return condition.map { condition in state.withLock { condition($0) } } ?? false
    }

    /// The real seconds a virtual-time wait gives a server's events stream to reach the sync point before it counts
    /// an `events sync timeout` error: generous, since a loaded machine may take long for a big broadcast.
    static let syncSeconds: Double = 300

    /// `close_app` for every TwinPush app in the foreground, in device order; the schedule is dropped.
    func closeApps(_ driver: FleetDriver) {
        let open = state.withLock { state -> [Int32] in
            state.schedule.removeAll()
            return state.devices.indices.filter { state.devices[$0].phase == .foreground }.map { Int32($0) }
        }
        let time = driver.clock.now.timeIntervalSince(driver.origin)
        for device in open {
            let profile = state.withLock { state -> FleetProfile in
                state.devices[Int(device)].phase = .background
                return state.devices[Int(device)].profile
            }
            if profile.isTwinPush { send(.closeApp, device, at: time, driver: driver) }
        }
    }

    /// Runs `work` on a new thread and resumes with its result: the fleet's blocking and CPU-heavy work stays off
    /// the cooperative pool.
    static func onThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = "pushfake-fleet"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
