import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Apps declared at run time, and configurations from JSON (issue 9).
final class AppsAndConfigurationTests: XCTestCase {
    private let twinPushApp: JSON = [
        "id": "cs555ab2356a37a0", "apiToken": "0123456789abcdef0123456789abcdef",
        "creatorToken": "fedcba9876543210fedcba9876543210",
    ]

    func test_declareApps_makesVendorsStrict_andIsListed() throws {
        let fake = PushFake(PushFakeConfiguration(tpnsApps: ["FLAG"]))
        XCTAssertEqual(fake.apps, ["tpns": ["FLAG"], "twinPush": []])
        try fake.declareApps(["TPNS": ["APPKEY", "FLAG"], "twinpush": [twinPushApp]])
        XCTAssertEqual(fake.apps, ["tpns": ["FLAG", "APPKEY"], "twinPush": [twinPushApp]])
        XCTAssertEqual(fake.tpnsRegister(appKey: "APPKEY").response.status, 200)
        XCTAssertEqual(fake.tpnsRegister(appKey: "other").response.status, 422)
        let client = TwinPushTestClient(fake: fake)
        XCTAssertEqual(
            client.send("POST", client.path("/devices/register"), #"{"udid":"u","platform":"ios"}"#).status, 403)
        let other = TwinPushTestClient(fake: fake, app: "unknownApp000000")
        XCTAssertEqual(other.send("GET", other.devicePath("1", "/badge")).errorType, "AppNotFound")
        fake.reset()
        XCTAssertEqual(
            fake.apps, ["tpns": ["FLAG", "APPKEY"], "twinPush": [twinPushApp]], "declared apps survive reset")
    }

    func test_declareApps_isAllOrNothing_andNamesThePath() {
        let fake = PushFake()
        let cases: [(JSON, String)] = [
            (["tpns": ["A"], "twinPush": [["id": "x", "apiToken": "t"]]], "twinPush[0].creatorToken: is required"),
            (["tpns": ["A", ""]], #"tpns[1]: must be a non-empty application key, not """#),
            (["tpns": "A"], #"tpns: must be an array of application keys, not "A""#),
            (["apns": []], "apns: is not a registered vendor; use tpns or twinPush"),
            (
                ["twinPush": [["id": "x", "apiToken": "t", "creatorToken": "c", "name": "n"]]],
                "twinPush[0].name: is not a known field; use id, apiToken or creatorToken"
            ),
            ([], "must be an object of apps by vendor, not an array"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try fake.declareApps(json)) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
        XCTAssertEqual(fake.apps, ["tpns": [], "twinPush": []], "nothing was declared")
        XCTAssertEqual(fake.tpnsRegister(appKey: "any").response.status, 200)
    }

    func test_declareApps_refusesOtherTokensForADeclaredApp() throws {
        let fake = PushFake()
        try fake.declareApps(["twinPush": [twinPushApp]])
        try fake.declareApps(["twinPush": [twinPushApp]])
        var changed = twinPushApp.objectValue ?? [:]
        changed["apiToken"] = "other"
        XCTAssertThrowsError(try fake.declareApps(["twinPush": [.object(changed)]])) { error in
            XCTAssertEqual("\(error)", "twinPush[0].id: cs555ab2356a37a0 is declared already, with other tokens")
        }
    }

    func test_configurationJSON_readsEveryField() throws {
        let configuration = try PushFakeConfiguration(
            json: [
                "seed": "18446744073709551615", "clock": ["mode": "fixed", "start": "2027-06-01T12:00:00Z"],
                "stateChecks": true, "journalLimit": 5, "apps": ["tpns": ["K"], "twinPush": [twinPushApp]],
            ])
        XCTAssertEqual(configuration.seed, .max)
        XCTAssertEqual(configuration.clockStart.pushFakeISO8601, "2027-06-01T12:00:00.000Z")
        XCTAssertTrue(configuration.stateChecks)
        XCTAssertEqual(configuration.journalLimit, 5)
        let fake = PushFake(configuration)
        XCTAssertEqual(fake.apps, ["tpns": ["K"], "twinPush": [twinPushApp]])
        XCTAssertEqual(fake.now.pushFakeISO8601, "2027-06-01T12:00:00.000Z")
        XCTAssertEqual(try PushFakeConfiguration(json: ["seed": 42]).seed, 42)
        // JSON Schema's integer: 844.0 is the integer 844 (generated clients write it so).
        XCTAssertEqual(try PushFakeConfiguration(json: ["seed": .double(844)]).seed, 844)
        XCTAssertThrowsError(try PushFakeConfiguration(json: ["seed": .double(844.5)]))
        XCTAssertEqual(try PushFakeConfiguration(json: ["clock": ["mode": "real"]]).clockMode, .real)
        XCTAssertEqual(try PushFakeConfiguration(json: [:]).seed, 0)
    }

    func test_configurationJSONValue_readsBackIntoTheSameConfiguration() throws {
        var configuration = PushFakeConfiguration(
            seed: .max, clockStart: Date(timeIntervalSince1970: 1_800_000_000.5), stateChecks: true,
            journalLimit: 5, tpnsApps: ["K"])
        configuration.twinPushApps = [try TwinPushApp(json: twinPushApp)]
        let json = configuration.jsonValue
        XCTAssertEqual(json["seed"], "18446744073709551615")
        XCTAssertEqual(json["clock"], ["mode": "fixed", "start": "2027-01-15T08:00:00.500Z"])
        let read = try PushFakeConfiguration(json: json)
        XCTAssertEqual(read.jsonValue, json)
        XCTAssertEqual(read.seed, .max)
        XCTAssertEqual(read.clockStart, configuration.clockStart)
        XCTAssertEqual(read.journalLimit, 5)
        XCTAssertTrue(read.stateChecks)
        XCTAssertEqual(PushFake(read).apps, ["tpns": ["K"], "twinPush": [twinPushApp]])
        // A real clock has no start; an empty configuration says only what it has.
        XCTAssertEqual(
            PushFakeConfiguration(clockMode: .real).jsonValue,
            ["seed": 0, "clock": ["mode": "real"], "stateChecks": false])
    }

    func test_configurationJSON_namesTheBadField() {
        let cases: [(JSON, String)] = [
            (
                ["seed": -1],
                "seed: must be an integer from 0 to 18446744073709551615 (above 2^53 as a decimal string), not -1"
            ),
            (
                ["seed": 1e19],
                "seed: must be an integer from 0 to 18446744073709551615 (above 2^53 as a decimal string), not 1e+19"
            ),
            (
                ["seed": "18446744073709551616"],
                #"seed: must be an integer from 0 to 18446744073709551615 (above 2^53 as a decimal string), not "18446744073709551616""#
            ),
            (["clock": ["mode": "slow"]], #"clock.mode: must be fixed or real, not "slow""#),
            (
                ["clock": ["mode": "real", "start": "2026-01-01T00:00:00Z"]],
                "clock.start: is only for a fixed clock (a real clock starts at the wall time)"
            ),
            (
                ["clock": ["start": "2026-02-30T00:00:00Z"]],
                #"clock.start: must be a real date and time like 2026-01-01T00:00:00.000Z, not "2026-02-30T00:00:00Z""#
            ),
            (["journalLimit": 0], "journalLimit: must be an integer from 1 to 9007199254740991, not 0"),
            (["stateChecks": "yes"], #"stateChecks: must be true or false, not "yes""#),
            (["apps": ["tpns": [1]]], "apps.tpns[0]: must be a non-empty application key, not 1"),
            (["port": 1], "port: is not a known field; use seed, clock, stateChecks, journalLimit or apps"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try PushFakeConfiguration(json: json), "\(json)") { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }
}
