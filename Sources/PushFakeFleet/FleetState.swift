import PushFakeCore

/// A fleet's devices, schedule and counts, behind the fleet's lock. Only the fleet's driver changes devices; the
/// delivery intake (any thread) adds `arrive` actions and counts.
struct FleetState: Sendable {
    let configuration: FleetConfiguration
    var devices: [FleetDevice] = []
    /// Delivery device id (prefixed by vendor: `t` TwinPush, `p` TPNS) → device index.
    var byVendorID: [String: Int32] = [:]
    var schedule = FleetSchedule()
    var tallies: [FleetTally] = []
    /// Vendor-prefixed notification id → tally index.
    var tallyIndex: [String: Int32] = [:]
    var requests = 0
    var firstRequest: Double?
    var lastRequest: Double = 0
    var errors: [String: Int] = [:]
    /// Deliveries to the fleet's devices handed over so far.
    var intake = 0
    var registered: [FleetProfile: Int] = [:]

    /// An empty fleet: ``populate()`` makes its devices when it starts (a fleet that cannot reach its server never
    /// pays for them).
    init(configuration: FleetConfiguration) {
        self.configuration = configuration
    }

    /// Makes the slice's devices, their offline and uninstall windows, and schedules every launch at time 0.
    mutating func populate() {
        guard devices.isEmpty else { return }
        let shard = configuration.shard
        let size = shard.size(of: configuration.devices)
        devices.reserveCapacity(size)
        schedule.reserve(size)
        let blocks = configuration.profiles()
        var block = 0
        for local in 0..<size {
            let global = shard.global(local)
            while block < blocks.count - 1, global >= blocks[block].end { block += 1 }
            let profile = blocks.isEmpty ? FleetProfile.twinpushIOS : blocks[block].profile
            var device = FleetDevice(profile: profile)
            let set = configuration.policy
            let group = set.groups.isEmpty ? nil : set.group(ofDevice: global, draw: unit(global, .group))
            device.group = group.map { Int16(truncatingIfNeeded: $0) } ?? -1
            let policy = group.map { set.groups[$0].policy } ?? set.policy(for: profile)
            if let offline = policy.offline, unit(global, .offline) < offline.probability {
                device.offlineFrom = offline.after.draw(unit(global, .offlineAfter))
                device.offlineUntil = device.offlineFrom + offline.duration.draw(unit(global, .offlineFor))
            }
            if let uninstall = policy.uninstall, unit(global, .uninstall) < uninstall.probability {
                device.uninstallAt = uninstall.after.draw(unit(global, .uninstallAfter))
            }
            devices.append(device)
            if profile == .tpnsIOS {
                byVendorID["p" + FleetIdentity(seed: configuration.seed, index: global, profile: profile).udid] =
                    Int32(local)
            }
            schedule.add(FleetAction(time: 0, device: Int32(local), kind: .launch, argument: 0, sentAt: 0))
        }
    }

    /// What a draw is for: each purpose has its own stream, so adding one never shifts the others.
    enum Draw: UInt64 {
        case offline = 1
        case offlineAfter, offlineFor, uninstall, uninstallAfter, cycles, cycleEvery, cycleLength
        case reaction, openDelay, session, launchSession, group
    }

    /// A unit sample in [0, 1) for fleet-wide device `global`, purpose `draw` and `extra` (a notification's hash, a
    /// cycle number): the same on every run and in every shard.
    func unit(_ global: Int, _ draw: Draw, _ extra: UInt64 = 0) -> Double {
        var random = SplitMix64(
            seed: configuration.seed ^ (UInt64(truncatingIfNeeded: global) &* 0x9E37_79B9_7F4A_7C15)
                ^ (draw.rawValue &* 0xC2B2_AE3D_27D4_EB4F) ^ (extra &* 0x1656_67B1_9E37_79F9))
        _ = random.next()
        return random.nextUnit()
    }

    /// The policy local device `device` follows: its group's (``FleetGroup``), else its profile's.
    func policy(_ device: Int32) -> FleetPolicy {
        let record = devices[Int(device)]
        let set = configuration.policy
        return record.group >= 0 && Int(record.group) < set.groups.count
            ? set.groups[Int(record.group)].policy : set.policy(for: record.profile)
    }

    /// The fleet-wide number of local device `device`.
    func global(_ device: Int32) -> Int { configuration.shard.global(Int(device)) }

    func identity(_ device: Int32) -> FleetIdentity {
        FleetIdentity(seed: configuration.seed, index: global(device), profile: devices[Int(device)].profile)
    }

    /// Counts one request sent at fleet time `time`, and its failure when it failed.
    mutating func count(_ step: FleetStep, answer: FleetAnswer, at time: Double) {
        requests += 1
        if firstRequest == nil { firstRequest = time }
        lastRequest = max(lastRequest, time)
        if answer.status == 0 {
            errors["\(step.rawValue) transport", default: 0] += 1
        } else if !(200..<300).contains(answer.status) {
            errors["\(step.rawValue) http-\(answer.status)", default: 0] += 1
        }
    }

    /// The tally of a notification, made on its first delivery.
    mutating func tally(vendor: Vendor, notification: String) -> Int {
        let key = (vendor == .tpns ? "p" : "t") + notification
        if let index = tallyIndex[key] { return Int(index) }
        tallies.append(FleetTally(id: notification, vendor: vendor == .tpns ? "tpns" : "twinpush"))
        tallyIndex[key] = Int32(tallies.count - 1)
        return tallies.count - 1
    }

    /// The report as of now.
    func report() -> FleetReport {
        var devicesByProfile: [String: Int] = [:]
        var states: [String: Int] = [:]
        for device in devices {
            devicesByProfile[device.profile.rawValue, default: 0] += 1
            states[device.phase.name, default: 0] += 1
        }
        let seconds = max(0, lastRequest - (firstRequest ?? lastRequest))
        return FleetReport(
            seed: configuration.seed, shards: [configuration.shard.description], devices: devicesByProfile,
            registered: Dictionary(uniqueKeysWithValues: registered.map { ($0.key.rawValue, $0.value) }),
            states: states, requests: requests, requestSeconds: seconds,
            requestsPerSecond: seconds > 0 ? Double(requests) / seconds : 0, errors: errors,
            notifications: tallies.map(\.report))
    }
}
