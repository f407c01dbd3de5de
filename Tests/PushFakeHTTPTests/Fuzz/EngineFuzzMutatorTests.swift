import Foundation
import PushFakeEngineFuzz
import XCTest

/// The engine fuzzer's boundary mutation (issue 16): it replaces numbers of an input — JSON values, path and query
/// numbers — by the values on which conversions trap, so `Int.min` reaches a badge within a few thousand inputs,
/// where byte-level mutation did not find it.
final class EngineFuzzMutatorTests: XCTestCase {
    func test_mutation_putsEveryBoundaryValueIntoTheBadge_ofTheTwinPushSeed() throws {
        let seed = try EngineFuzzCorpusTests.seed("twinpush-flow")
        var badges = Set<String>()
        for value in 0..<20_000 {
            guard let mutated = EngineFuzzMutator.replacingNumber(in: seed, seed: UInt32(value), maxSize: 4096) else {
                return XCTFail("the seed has numbers")
            }
            let text = String(decoding: mutated, as: UTF8.self)
            if let range = text.range(of: #"{"badge":"#), let end = text[range.upperBound...].firstIndex(of: "}") {
                badges.insert(String(text[range.upperBound..<end]))
            }
        }
        XCTAssertTrue(badges.isSuperset(of: EngineFuzzMutator.boundaryValues), "\(badges.sorted())")
    }

    func test_mutation_leavesWordsAndIdsInsideWordsAlone() {
        let input = Array(#"GET /api/v2/apps/app1/devices?page=3 {"deviceId":"D1","n":-12.5e3}"#.utf8)
        for value in 0..<2_000 {
            guard let mutated = EngineFuzzMutator.replacingNumber(in: input, seed: UInt32(value), maxSize: 4096) else {
                return XCTFail("the input has numbers")
            }
            let text = String(decoding: mutated, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("GET /api/v2/apps/app1/devices?page="), text)
            XCTAssertTrue(text.contains(#""deviceId":"D1""#), text)
        }
        XCTAssertNil(EngineFuzzMutator.replacingNumber(in: Array("no digits here".utf8), seed: 1, maxSize: 4096))
        XCTAssertNil(EngineFuzzMutator.replacingNumber(in: Array("n=1".utf8), seed: 1, maxSize: 3), "over maxSize")
    }

    func test_boundarySeeds_reachTheirNumbers_andHoldTheInvariants() throws {
        for name in ["boundary-numbers-twinpush", "boundary-numbers-tpns-admin"] {
            let input = try EngineFuzzCorpusTests.seed(name)
            XCTAssertNil(EngineFuzzCheck.check(input), name)
            let trace = EngineFuzzCheck.trace(input)
            XCTAssertEqual(trace.count, 8, "\(name): \(trace)")
            XCTAssertFalse(trace.contains { $0.hasSuffix("→ -") }, "\(name): \(trace)")
        }
        let twinPush = EngineFuzzCheck.trace(try EngineFuzzCorpusTests.seed("boundary-numbers-twinpush"))
        XCTAssertEqual(twinPush[1], "POST /api/v2/apps/app1/notifications → 422", "the Int.min badge, refused")
    }
}
