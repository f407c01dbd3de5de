import Foundation
import PushFakeCore
import PushFakeFleet

/// `pushfake fleet run` (a fleet of virtual phones against a running server) and `pushfake fleet report` (merge shard
/// reports). Every number is range-checked; a policy's unknown keys are rejected by name.
enum FleetCommand {
    static let spec = CommandSpec(
        path: ["fleet"], summary: "Run virtual device fleets against a running server, and merge their reports.",
        options: NoOptions.self,
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
        options: FleetRunOptions.self,
        run: { options, context throws(CommandExit) in try runFleet(options, context) })

    static let report = CommandSpec(
        path: ["fleet", "report"], summary: "Merge shard reports and print the summary table.",
        options: FleetReportOptions.self,
        run: { options, context throws(CommandExit) in
            var reports: [FleetReport] = []
            for path in options.reports {
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
            if let output = options.output { try write(merged, to: output) }
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

    private static func runFleet(
        _ options: FleetRunOptions, _ context: CommandContext<FleetRunOptions>
    ) throws(CommandExit) {
        let client = try ServerClient(options.server, context)
        let configuration = try FleetOptions.configuration(options, context)
        let seconds = options.duration
        let threads = options.threads
        let server = FleetServer(
            host: client.transport.host, port: client.transport.port, prefix: client.transport.basePath,
            adminToken: client.transport.token)
        let fleet = DeviceFleet(configuration)
        let progress = StandardStreams.errorIsTerminal
        let outcome = waitForTask { () async -> Result<FleetReport, FleetError> in
            do {
                try await fleet.start(against: server, threads: threads)
                var left = seconds
                while left > 0 {
                    await fleet.run(for: min(left, 1))
                    left -= 1
                    if progress { FleetOptions.showProgress(fleet.report()) }
                }
                await fleet.stop()
                return .success(fleet.report())
            } catch let error as FleetError {
                return .failure(error)
            } catch {
                return .failure(.unreachable("\(error)"))
            }
        }
        switch outcome {
        case .success(var report)?:
            report = FleetOptions.checked(fleet, report)
            if progress { StandardStreams.error("\n") }
            if let path = options.report { try write(report, to: path) }
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
