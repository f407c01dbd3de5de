import Foundation
import PushFakeCore

extension DeviceFleet {
    /// Runs one action at fleet time `time`: decisions under the lock, requests outside it (a request may cause
    /// deliveries, whose intake takes the lock).
    func perform(_ action: FleetAction, at time: Double, driver: FleetDriver) {
        let device = action.device
        switch action.kind {
        case .launch: launch(device, at: time, driver: driver)
        case .arrive: arrive(action, at: time, driver: driver)
        case .open:
            state.withLock { $0.tallies[Int(action.argument)].pendingOpens -= 1 }
            open(action, at: time, driver: driver)
        case .close: close(device, session: action.argument, at: time, driver: driver)
        case .cycle: cycle(device, number: action.argument, at: time, driver: driver)
        }
    }

    /// Sends `step` for `device`; returns the answer.
    @discardableResult
    func send(
        _ step: FleetStep, _ device: Int32, notification: String? = nil, at time: Double, driver: FleetDriver
    ) -> FleetAnswer {
        let request = state.withLock { state in
            let record = state.devices[Int(device)]
            // Identities are made again from the seed, and only for the requests that carry them.
            let identity = step == .register || record.profile == .tpnsIOS ? state.identity(device) : nil
            return wire.request(
                step, profile: record.profile, identity: identity, serverID: record.serverID,
                notification: notification, now: driver.origin.addingTimeInterval(time))
        }
        let answer = driver.transport.send(request)
        state.withLock { $0.count(step, answer: answer, at: time) }
        return answer
    }

    private func launch(_ device: Int32, at time: Double, driver: FleetDriver) {
        let (profile, policy) = state.withLock { ($0.devices[Int(device)].profile, $0.policy(device)) }
        let answer = send(.register, device, at: time, driver: driver)
        var serverID: String?
        if profile.isTwinPush, (200..<300).contains(answer.status), let json = try? JSON.parse(answer.body) {
            let object = json["objects"]?[0] ?? json["objects"]
            serverID = object?["id"].flatMap { $0.stringValue ?? $0.intValue.map(String.init) }
        }
        let ok = (200..<300).contains(answer.status) && (!profile.isTwinPush || serverID != nil)
        let session = state.withLock { state -> Int32? in
            guard ok else { return nil }
            state.registered[profile, default: 0] += 1
            state.devices[Int(device)].serverID = serverID
            state.devices[Int(device)].phase = .background
            if let serverID { state.byVendorID["t" + serverID] = device }
            let global = state.global(device)
            if let cycles = policy.cycles, state.unit(global, .cycles) < cycles.probability {
                let every = max(1, cycles.every.draw(state.unit(global, .cycleEvery, 0)))
                state.schedule.add(
                    FleetAction(time: time + every, device: device, kind: .cycle, argument: 0, sentAt: 0))
            }
            guard profile.isTwinPush else { return nil }
            state.devices[Int(device)].phase = .foreground
            state.devices[Int(device)].session += 1
            let length = policy.session.draw(state.unit(global, .launchSession))
            let session = state.devices[Int(device)].session
            state.schedule.add(
                FleetAction(time: time + length, device: device, kind: .close, argument: session, sentAt: 0))
            return session
        }
        guard session != nil else { return }
        // iOS: a pending update_badge after a successful register, then open_app on becoming active (TwinPushWireProtocol.md §8);
        // Android: open_app when the first activity starts.
        if profile == .twinpushIOS { send(.updateBadge, device, at: time, driver: driver) }
        send(.openApp, device, at: time, driver: driver)
    }

    private func arrive(_ action: FleetAction, at time: Double, driver: FleetDriver) {
        let device = action.device
        enum Outcome {
            case none
            case received(FleetProfile, FleetPolicy, notification: String, openNow: Bool)
        }
        let outcome = state.withLock { state -> Outcome in
            let index = Int(action.argument)
            var record = state.devices[Int(device)]
            let policy = state.policy(device)
            if record.phase == .uninstalled || time >= record.uninstallAt {
                state.devices[Int(device)].phase = .uninstalled
                state.tallies[index].uninstalled += 1
                return .none
            }
            if record.isOffline(at: time) {
                let expiry = policy.offline?.expireAfter.map { action.sentAt + $0 } ?? .infinity
                if expiry < record.offlineUntil {
                    state.tallies[index].expired += 1
                } else {
                    var later = action
                    later.time = record.offlineUntil
                    state.schedule.add(later)
                }
                return .none
            }
            state.tallies[index].received += 1
            state.tallies[index].receivedLatency.append(time - action.sentAt)
            record.badge &+= 1
            let notification = state.tallies[index].id
            let openNow = record.profile == .twinpushIOS && record.phase == .foreground
            state.devices[Int(device)] = record
            if !openNow { react(&state, device: device, tally: index, sentAt: action.sentAt, at: time, policy: policy) }
            return .received(record.profile, policy, notification: notification, openNow: openNow)
        }
        guard case .received(let profile, let policy, let notification, let openNow) = outcome else { return }
        if (profile == .twinpushAndroid && policy.pushAck) || (profile == .twinpushIOS && policy.receiptExtension) {
            state.withLock { $0.tallies[Int(action.argument)].acked += 1 }
        }
        if profile == .twinpushAndroid, policy.pushAck {
            send(.receivedNotification, device, notification: notification, at: time, driver: driver)
        } else if profile == .twinpushIOS, policy.receiptExtension {
            send(.receiptExtension, device, notification: notification, at: time, driver: driver)
        }
        if openNow {
            // iOS calls open_notification for a push received in the foreground too (TwinPushWireProtocol.md §8).
            var tap = action
            tap.kind = .open
            open(tap, at: time, driver: driver)
        }
    }

    /// Draws the user's reaction to a received notification: open later, dismiss, or ignore.
    private func react(
        _ state: inout FleetState, device: Int32, tally index: Int, sentAt: Double, at time: Double,
        policy: FleetPolicy
    ) {
        let global = state.global(device)
        let hash = state.tallies[index].hash
        let draw = state.unit(global, .reaction, hash)
        if draw < policy.openProbability {
            let delay = policy.openDelay.draw(state.unit(global, .openDelay, hash))
            state.schedule.add(
                FleetAction(time: time + delay, device: device, kind: .open, argument: Int32(index), sentAt: sentAt))
            state.tallies[index].pendingOpens += 1
        } else if draw < policy.openProbability + policy.dismissProbability {
            state.tallies[index].dismissed += 1
        }
    }
}
