import Foundation
import PushFakeCore
import PushFakeFleet
import PushFakeTestSupport
import XCTest

/// `pushfake fleet run` and `pushfake fleet report` against the real binary.
final class FleetCommandTests: XCTestCase {
    func test_fleetRun_registersItsShardAndWritesAReport_andFleetReportMergesTheShards() async throws {
        let server = try ServeProcess(["--quiet"])
        defer { _ = server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for shard in ["0/2", "1/2"] {
            let path = directory.appendingPathComponent("shard\(paths.count).json").path
            let run = try PushFakeCommand.run([
                "fleet", "run", "--url", server.url, "--devices", "21", "--seed", "3", "--duration", "30s",
                "--mix", "twinpush-ios=2,twinpush-android=1", "--shard", shard, "--report", path,
                "--policy", #"{"open":{"probability":1,"delay":{"uniform":[1,5]}}}"#,
            ])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("registered; shards \(shard)"), run.stdout)
            paths.append(path)
        }
        let first = try FleetReport.read(Data(contentsOf: URL(fileURLWithPath: paths[0])))
        XCTAssertEqual(first.registered.values.reduce(0, +), 11)
        let merged = try PushFakeCommand.run(["fleet", "report"] + paths)
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertTrue(
            merged.stdout.contains("fleet: 21 devices (twinpush-android 7, twinpush-ios 14), 21 registered"),
            merged.stdout)
        XCTAssertTrue(merged.stdout.contains("shards 0/2, 1/2"), merged.stdout)
    }

    func test_fleetRun_isAUsageErrorNamingTheProblem_whenAFlagOrPolicyKeyIsWrong() throws {
        for (arguments, named) in [
            (["--mix", "windows-phone=3"], "windows-phone"), (["--policy", #"{"opne":{}}"#], "opne"),
            (["--duration", "3 days"], "--duration"), (["--shard", "2/2"], "shard"),
            (["--devices", "-5"], "--devices"),
            (["--policy", #"{"open":{"probability":2}}"#], "open.probability"),
            (["--policy", #"{"groups":[{"devices":"0..9","polcy":{}}]}"#], "groups[0].polcy"),
        ] {
            let run = try PushFakeCommand.run(["fleet", "run", "--url", "http://127.0.0.1:9"] + arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(named), "\(arguments): \(run.stderr)")
        }
    }
}
