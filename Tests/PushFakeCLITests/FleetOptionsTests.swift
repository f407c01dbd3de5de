import PushFakeFleet
import XCTest

@testable import pushfake

/// `pushfake fleet run`'s `--mix` and `--shard` are typed options: read once by their rule into ``FleetMix`` and
/// ``FleetShard``, the configuration takes them as they are.
final class FleetOptionsTests: XCTestCase {
    private func parse(_ arguments: [String]) throws -> (FleetRunOptions, CommandContext<FleetRunOptions>) {
        guard
            case .run(let parsed) = try ArgumentParser.parse(
                ["fleet", "run", "--url", "http://127.0.0.1:9"] + arguments, root: CommandTable.root)
        else { throw XCTSkip("asked for help") }
        return try FleetRunOptions.parse(parsed)
    }

    func test_mixAndShard_areReadTyped_andTheConfigurationTakesThem() throws {
        let (options, context) = try parse(["--mix", "twinpush-android=1,tpns-ios=3", "--shard", "1/4"])
        XCTAssertEqual(options.mix, FleetMix([.twinpushAndroid: 1, .tpnsIOS: 3]))
        XCTAssertEqual(options.shard, try XCTUnwrap(FleetShard(index: 1, count: 4)))
        let configuration = try FleetOptions.configuration(options, context)
        XCTAssertEqual(configuration.mix, options.mix)
        XCTAssertEqual(configuration.shard.description, "1/4")
    }

    func test_mixAndShard_keepTheirDefaults_whenLeftOut() throws {
        let (options, context) = try parse([])
        XCTAssertEqual(options.mix, FleetMix([.twinpushIOS: 60, .twinpushAndroid: 35, .tpnsIOS: 5]))
        XCTAssertNil(options.shard)
        XCTAssertEqual(try FleetOptions.configuration(options, context).shard, .whole)
    }

    func test_aWrongMixOrShard_isAUsageError_namingTheOptionAndTheProblem() throws {
        for (arguments, named) in [
            (["--mix", "twinpush-ios=1,twinpush-ios=2"], "twinpush-ios is given twice"),
            (["--shard", "3/2"], "--shard"),
        ] {
            do {
                _ = try parse(arguments)
                XCTFail("\(arguments) was accepted")
            } catch let exit as CommandExit {
                XCTAssertEqual(exit.code, .usage)
                XCTAssertTrue(exit.message.contains(named), "\(arguments): \(exit.message)")
                XCTAssertTrue(exit.message.contains(arguments[0]), "\(arguments): \(exit.message)")
            }
        }
    }
}
