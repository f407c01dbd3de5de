import Foundation
import PushFakeCore
import PushFakeFleet

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pushfake fleet run` (a fleet of virtual phones against a running server) and `pushfake fleet report` (merge shard
/// reports). Every number is range-checked; a policy's unknown keys are rejected by name.
enum FleetCommand {
    static let spec = CommandSpec(
        path: ["fleet"], summary: "Run virtual device fleets against a running server, and merge their reports.",
        subcommands: [run, report])

    static let run = CommandSpec(
        path: ["fleet", "run"], summary: "Run a fleet of virtual phones that behave like the TPNS and TwinPush SDKs.",
        discussion: """
            The devices register (tpns-ios: TPNS_iOS 1.1.2, twinpush-ios: 4.0.0, twinpush-android: 3.8.5, the SDKs' \
            requests in their order), receive their deliveries from the server's event stream, and react by the \
            policy (default: open 30 % of notifications after 1-20 s). After --duration the apps close and the \
            summary table is printed; --report writes the JSON report. With the server's clock fixed the fleet runs \
            in virtual time (it moves the clock). --shard I/N runs a disjoint slice of the same fleet.
            """,
        options: AdminClient.options + [
            .value("--app", "app", "TwinPush app id (also the TPNS application key; default fleetapp)"),
            .value("--api-key", "key", "TwinPush API token sent on register (default fleetkey)"),
            .value("--devices", "n", "Devices in the whole fleet (0...10000000, default 1000)"),
            .value(
                "--mix", "name=value", "Profiles and weights (default twinpush-ios=60,twinpush-android=35,tpns-ios=5)"),
            .value("--policy", "json", "Policy: a JSON document, or a file holding one"),
            .value("--seed", "n", "Seed of identities and reactions (0...18446744073709551615, default 1)"),
            .value("--duration", "seconds", "How long the fleet runs: 25s, 2m or seconds (0...86400, default 60)"),
            .value("--report", "file", "Write the JSON report here"),
            .value("--shard", "i/n", "Run shard I of N (0 <= I < N <= 100000)"),
            .value("--threads", "n", "Devices launching at once (1...64, default 4)"),
        ],
        run: { arguments throws(CommandExit) in try runFleet(arguments) })

    static let report = CommandSpec(
        path: ["fleet", "report"], summary: "Merge shard reports and print the summary table.",
        arguments: [
            ArgumentSpec(
                name: "reports", help: "The JSON reports of `fleet run --report` (one or more)", variadic: true)
        ],
        options: [.value("--output", "file", "Write the merged JSON report here")],
        run: { arguments throws(CommandExit) in
            var reports: [FleetReport] = []
            for path in arguments.positional {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CommandExit(.dataError, "cannot read \(path)")
                }
                do {
                    reports.append(try FleetReport.read(data))
                } catch {
                    throw CommandExit(.dataError, "\(path): not a fleet report (\(error))")
                }
            }
            let merged = FleetReport.merged(reports)
            if let output = arguments.string("--output") { try write(merged, to: output) }
            print(merged.text, terminator: "")
        })

    /// `25s`, `2m`, `1h` or plain seconds, in 0...86400.
    static func duration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600]
        var number = Substring(text)
        var scale = 1.0
        if let last = text.last, let unit = units[last] {
            number = number.dropLast()
            scale = unit
        }
        guard let value = Double(number), value.isFinite, value >= 0, value * scale <= 86_400 else { return nil }
        return value * scale
    }

    private static func runFleet(_ arguments: ParsedArguments) throws(CommandExit) {
        let client = try AdminClient(arguments)
        let configuration = try FleetOptions.configuration(arguments)
        let seconds =
            try arguments.string("--duration").map { text throws(CommandExit) -> Double in
                guard let value = duration(text) else {
                    throw arguments.usage("--duration must be 25s, 2m or seconds in 0...86400, not \(text)")
                }
                return value
            } ?? 60
        let threads = try arguments.int("--threads", in: 1...64) ?? 4
        let server = FleetServer(
            host: client.host, port: client.port, prefix: client.basePath, adminToken: client.token)
        let fleet = DeviceFleet(configuration)
        let progress = isatty(STDERR_FILENO) == 1
        let outcome = Locked<Result<FleetReport, FleetError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await fleet.start(against: server, threads: threads)
                var left = seconds
                while left > 0 {
                    await fleet.run(for: min(left, 1))
                    left -= 1
                    if progress { FleetOptions.showProgress(fleet.report()) }
                }
                await fleet.stop()
                outcome.withLock { $0 = .success(fleet.report()) }
            } catch let error as FleetError {
                outcome.withLock { $0 = .failure(error) }
            } catch {
                outcome.withLock { $0 = .failure(.unreachable("\(error)")) }
            }
            done.signal()
        }
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(var report)?:
            report = FleetOptions.checked(fleet, report)
            if progress { FileHandle.standardError.write(Data("\n".utf8)) }
            if let path = arguments.string("--report") { try write(report, to: path) }
            print(report.text, terminator: "")
        case .failure(.unreachable(let address))?:
            throw CommandExit(.unavailable, "cannot reach \(client.url) (\(address))")
        case .failure(let error)?:
            throw CommandExit(.software, "\(error)")
        case nil:
            throw CommandExit(.software, "the fleet did not finish")
        }
    }

    static func write(_ report: FleetReport, to path: String) throws(CommandExit) {
        guard let data = try? report.jsonData(), FileManager.default.createFile(atPath: path, contents: data) else {
            throw CommandExit(.failure, "cannot write \(path)")
        }
    }
}
