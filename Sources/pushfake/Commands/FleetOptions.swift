import Foundation
import PushFakeCore
import PushFakeFleet

/// Reads `pushfake fleet run`'s options into a ``FleetConfiguration``: every number range-checked, every mix
/// profile and policy key known, or a usage error naming it.
enum FleetOptions {
    static func configuration(_ arguments: ParsedArguments) throws(CommandExit) -> FleetConfiguration {
        let devices = try arguments.int("--devices", in: 0...FleetConfiguration.maximumDevices) ?? 1_000
        let seed = try arguments.uint64("--seed") ?? 1
        let mix: FleetMix
        let policy: FleetPolicySet
        let shard: FleetShard
        do throws(JSONFieldError) {
            mix = try FleetMix.parse(arguments.string("--mix") ?? "twinpush-ios=60,twinpush-android=35,tpns-ios=5")
            shard =
                try arguments.string("--shard").map { text throws(JSONFieldError) in try FleetShard.parse(text) }
                ?? .whole
        } catch {
            throw arguments.usage("--\(error.path): \(error.problem)")
        }
        if let text = arguments.string("--policy") {
            policy = try self.policy(text, arguments)
        } else {
            policy = FleetPolicySet()
        }
        let app = FleetApp(
            appID: arguments.string("--app") ?? "fleetapp", apiKey: arguments.string("--api-key") ?? "fleetkey")
        guard !app.appID.isEmpty else { throw arguments.usage("--app must not be empty") }
        return FleetConfiguration(devices: devices, mix: mix, policy: policy, seed: seed, shard: shard, app: app)
    }

    /// `--policy`: inline JSON (starts with `{`) or a file holding it.
    private static func policy(_ text: String, _ arguments: ParsedArguments) throws(CommandExit) -> FleetPolicySet {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var source = "--policy"
        var bytes = Array(trimmed.utf8)
        if !trimmed.hasPrefix("{") {
            guard let data = FileManager.default.contents(atPath: text) else {
                throw arguments.usage("--policy is neither a JSON object nor a readable file: \(text)")
            }
            source = text
            bytes = Array(data)
        }
        let json: JSON
        do throws(JSONSyntaxError) {
            json = try JSON.parse(bytes)
        } catch {
            throw arguments.usage("\(source): not JSON (\(error))")
        }
        do throws(JSONFieldError) {
            return try FleetPolicySet.parse(json)
        } catch {
            throw arguments.usage("\(source): \(error)")
        }
    }

    /// The report with TwinPush's own figures, when the server answers.
    static func checked(_ fleet: DeviceFleet, _ report: FleetReport) -> FleetReport {
        let result = Locked<FleetReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let checked = await fleet.reportCheckedWithVendor()
            result.withLock { $0 = checked }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 } ?? report
    }

    /// One progress line on a terminal: registered devices, deliveries received, opens.
    static func showProgress(_ report: FleetReport) {
        let registered = report.registered.values.reduce(0, +)
        let received = report.notifications.reduce(0) { $0 + $1.received }
        let opened = report.notifications.reduce(0) { $0 + $1.opened }
        let line =
            "\r\u{1B}[Kfleet: \(registered) registered, \(received) received, \(opened) opened, \(report.requests) requests"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
