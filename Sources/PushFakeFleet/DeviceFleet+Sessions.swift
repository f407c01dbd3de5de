import Foundation

extension DeviceFleet {
    /// The user taps notification `action.argument` (or an iOS app in the foreground received it): the SDK's
    /// `open_notification`, iOS's forced `update_badge "0"`, and `open_app` when the app was in the background.
    func open(_ action: FleetAction, at time: Double, driver: FleetDriver) {
        let device = action.device
        let plan = state.withLock { state -> (FleetProfile, String, Bool, Bool)? in
            let index = Int(action.argument)
            var record = state.devices[Int(device)]
            guard record.phase != .uninstalled, time < record.uninstallAt else { return nil }
            let policy = state.policy(device)
            state.tallies[index].opened += 1
            state.tallies[index].openedLatency.append(time - action.sentAt)
            let wasForeground = record.phase == .foreground
            let resetBadge = record.profile == .twinpushIOS && policy.autoResetBadge
            if resetBadge || record.profile == .twinpushAndroid { record.badge = 0 }
            record.phase = .foreground
            record.session += 1
            let length = policy.session.draw(state.unit(state.global(device), .session, state.tallies[index].hash))
            state.schedule.add(
                FleetAction(time: time + length, device: device, kind: .close, argument: record.session, sentAt: 0))
            state.devices[Int(device)] = record
            return (record.profile, state.tallies[index].id, wasForeground, resetBadge)
        }
        guard let (profile, notification, wasForeground, resetBadge) = plan, profile.isTwinPush else { return }
        if profile == .twinpushAndroid, !wasForeground {
            // The tapped notification's activity starts first (activityStart → open_app), then the app calls
            // onNotificationOpen from it.
            send(.openApp, device, at: time, driver: driver)
        }
        send(.openNotification, device, notification: notification, at: time, driver: driver)
        if resetBadge { send(.updateBadge, device, at: time, driver: driver) }
        if profile == .twinpushIOS, !wasForeground { send(.openApp, device, at: time, driver: driver) }
    }

    /// The app goes to the background, unless a later session began since this close was scheduled.
    func close(_ device: Int32, session: Int32, at time: Double, driver: FleetDriver) {
        let profile = state.withLock { state -> FleetProfile? in
            let record = state.devices[Int(device)]
            guard record.phase == .foreground, record.session == session else { return nil }
            state.devices[Int(device)].phase = .background
            return record.profile
        }
        if let profile, profile.isTwinPush { send(.closeApp, device, at: time, driver: driver) }
    }

    /// The user opens the app on their own (a foreground/background cycle), and the next cycle is scheduled.
    func cycle(_ device: Int32, number: Int32, at time: Double, driver: FleetDriver) {
        let plan = state.withLock { state -> (FleetProfile, Bool, Bool)? in
            var record = state.devices[Int(device)]
            guard record.phase != .uninstalled, record.phase != .unregistered, time < record.uninstallAt,
                case let policy = state.policy(device), let cycles = policy.cycles
            else { return nil }
            let global = state.global(device)
            let wasForeground = record.phase == .foreground
            let resetBadge = record.profile == .twinpushIOS && policy.autoResetBadge && record.badge != 0
            if resetBadge { record.badge = 0 }
            record.phase = .foreground
            record.session += 1
            let extra = UInt64(UInt32(bitPattern: number))
            let length = cycles.length.draw(state.unit(global, .cycleLength, extra))
            let every = max(1, cycles.every.draw(state.unit(global, .cycleEvery, extra &+ 1)))
            state.schedule.add(
                FleetAction(time: time + length, device: device, kind: .close, argument: record.session, sentAt: 0))
            state.schedule.add(
                FleetAction(time: time + every, device: device, kind: .cycle, argument: number &+ 1, sentAt: 0))
            state.devices[Int(device)] = record
            return (record.profile, wasForeground, resetBadge)
        }
        guard let (profile, wasForeground, resetBadge) = plan, profile.isTwinPush, !wasForeground else { return }
        // iOS on becoming active: update_badge "0" when the badge is not 0, then open_app (TwinPushWireProtocol.md §8).
        if resetBadge { send(.updateBadge, device, at: time, driver: driver) }
        send(.openApp, device, at: time, driver: driver)
    }
}
