import PushFakeCore
import XCTest

@testable import PushFakeFleet

/// Policies and mixes are data: read from JSON or text, range-checked, unknown keys rejected by name.
final class FleetPolicyTests: XCTestCase {
    func test_policy_isTheIssuesDefault_whenNothingIsGiven() throws {
        let set = try FleetPolicySet.parse(.object(JSONObject()))
        XCTAssertEqual(set.base.openProbability, 0.3)
        XCTAssertEqual(set.base.openDelay, .uniform(1, 20))
        XCTAssertNil(set.base.offline)
        XCTAssertEqual(set, FleetPolicySet())
    }

    func test_policy_readsEveryKeyAndProfileOverrides_whenAFullDocumentIsGiven() throws {
        let json = try JSON.parse(
            #"""
            {"open":{"probability":0.5,"delay":{"exponential":{"mean":8}}},"dismiss":{"probability":0.1},
             "offline":{"probability":0.2,"after":10,"for":{"uniform":[30,60]},"expireAfter":45},
             "uninstall":{"probability":0.01,"after":{"fixed":100}},"cycles":{"every":300,"length":20},
             "session":{"fixed":15},"pushAck":false,"receiptExtension":false,"autoResetBadge":false,
             "profiles":{"tpns-ios":{"open":{"probability":0}}}}
            """#)
        let set = try FleetPolicySet.parse(json)
        XCTAssertEqual(set.base.openProbability, 0.5)
        XCTAssertEqual(set.base.openDelay, .exponential(mean: 8))
        XCTAssertEqual(
            set.base.offline,
            FleetPolicy.Offline(probability: 0.2, after: .fixed(10), duration: .uniform(30, 60), expireAfter: 45))
        XCTAssertEqual(set.base.uninstall, FleetPolicy.Uninstall(probability: 0.01, after: .fixed(100)))
        XCTAssertEqual(set.base.cycles, FleetPolicy.Cycles(probability: 1, every: .fixed(300), length: .fixed(20)))
        XCTAssertFalse(set.base.pushAck)
        XCTAssertEqual(set.policy(for: .tpnsIOS).openProbability, 0)
        XCTAssertEqual(set.policy(for: .tpnsIOS).dismissProbability, 0.1)
        XCTAssertEqual(set.policy(for: .twinpushIOS).openProbability, 0.5)
    }

    func test_policy_isRejectedNamingTheKey_whenAKeyIsUnknownOrAValueOutOfRange() {
        let cases: [(String, String)] = [
            (#"{"opne":{}}"#, "opne"),
            (#"{"open":{"probabilty":0.5}}"#, "open.probabilty"),
            (#"{"open":{"probability":1.5}}"#, "open.probability"),
            (#"{"open":{"delay":{"uniform":[20,1]}}}"#, "open.delay.uniform"),
            (#"{"open":{"delay":-1}}"#, "open.delay"),
            (#"{"open":{"delay":{"gauss":3}}}"#, "gauss"),
            (#"{"offline":{"for":1e300}}"#, "offline.for"),
            (#"{"profiles":{"windows-phone":{}}}"#, "windows-phone"),
            (#"{"open":{"probability":0.8},"dismiss":{"probability":0.3}}"#, "more than 1"),
            (#"{"pushAck":"yes"}"#, "pushAck"),
        ]
        for (text, named) in cases {
            XCTAssertThrowsError(try FleetPolicySet.parse(try JSON.parse(text)), text) { error in
                XCTAssertTrue("\(error)".contains(named), "\(text): \(error)")
            }
        }
    }

    func test_mix_splitsTheCountExactly_whenWeightsDoNotDivideIt() throws {
        let mix = try FleetMix.parse("twinpush-ios=60,twinpush-android=35,tpns-ios=5")
        let counts = mix.counts(for: 30)
        XCTAssertEqual(counts.map(\.count), [2, 18, 10])
        XCTAssertEqual(mix.counts(for: 100_000).map(\.count), [5_000, 60_000, 35_000])
        XCTAssertEqual(mix.counts(for: 7).reduce(0) { $0 + $1.count }, 7)
    }

    func test_mix_isRejectedNamingTheProblem_whenAProfileIsUnknownRepeatedOrWeightless() {
        for (text, named) in [
            ("twinpush-ios=60,windows=40", "windows"), ("tpns-ios=1,tpns-ios=2", "twice"), ("tpns-ios", "weight"),
            ("tpns-ios=-1", "weight"), ("tpns-ios=0", "all weights are 0"), ("tpns-ios=99999999999999999999", "weight"),
        ] {
            XCTAssertThrowsError(try FleetMix.parse(text), text) { error in
                XCTAssertTrue("\(error)".contains(named), "\(text): \(error)")
            }
        }
    }

    func test_shard_isRejected_whenNotIOfN() {
        XCTAssertEqual(try FleetShard.parse("2/3").description, "2/3")
        for text in ["3/3", "-1/3", "1/0", "1", "a/b", "1/3/4"] {
            XCTAssertThrowsError(try FleetShard.parse(text), text)
        }
    }
}
