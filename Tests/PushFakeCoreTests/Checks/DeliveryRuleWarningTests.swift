import PushFakeCore
import XCTest

/// What APNs takes but a phone would not show as intended, and the Simulator's limits (DeliveryChecks.md): each
/// rule with a delivery that passes and one that trips it. Warnings never fail a delivery.
final class DeliveryRuleWarningTests: XCTestCase {
    func test_apnsMissingAps_warns_whenTheAlertPushHasNoApsDictionary() throws {
        XCTAssertEqual(codes(payload: plainAlert), [])
        XCTAssertEqual(codes(payload: #"{"tp_id":1}"#, apns: .init(pushType: "voip")), [], "VoIP needs no aps")
        let missing = try XCTUnwrap(problems(payload: #"{"tp_id":1}"#).first)
        XCTAssertEqual(missing.code, "MissingAps")
        XCTAssertEqual(missing.severity, .warning)
        XCTAssertEqual(missing.measured, "no aps key")
        XCTAssertEqual(problems(payload: #"{"aps":"Hi"}"#).first?.measured, "aps is a string")
        XCTAssertEqual(problems(payload: #"[1]"#).first?.measured, "not a JSON object but an array")
    }

    func test_apnsPushTypeMismatch_warns_whenTheVendorsPushTypeDoesNotFitThePayload() {
        let silent = #"{"aps":{"content-available":1}}"#
        XCTAssertEqual(codes(payload: silent, apns: .init(pushType: "background")), [])
        XCTAssertEqual(codes(payload: plainAlert, apns: .init(pushType: "alert")), [])
        XCTAssertEqual(codes(payload: plainAlert, apns: .init(pushType: "background")), ["PushTypeMismatch"])
        XCTAssertEqual(codes(payload: silent, apns: .init(pushType: "alert")), ["PushTypeMismatch"])
    }

    func test_apnsBackgroundWithSoundOrBadge_warns_whenABackgroundPushAlsoBadges() throws {
        XCTAssertEqual(codes(payload: #"{"aps":{"content-available":1}}"#), [])
        XCTAssertEqual(codes(payload: #"{"aps":{"content-available":1,"alert":"Hi","badge":2}}"#), [])
        let badged = try XCTUnwrap(problems(payload: #"{"aps":{"content-available":1,"badge":2,"sound":"a"}}"#).first)
        XCTAssertEqual(badged.code, "BackgroundWithSoundOrBadge")
        XCTAssertEqual(badged.measured, "aps has badge, sound")
    }

    func test_apnsNoVisibleAlert_warns_whenAnAlertPushShowsNoText() throws {
        // GIVEN alerts that show something
        for payload in [plainAlert, #"{"aps":{"alert":{"title":"T"}}}"#, #"{"aps":{"alert":{"loc-key":"K"}}}"#] {
            XCTAssertEqual(codes(payload: payload), [], payload)
        }
        // WHEN a push has a badge only, an empty alert, an alert dictionary without text, or nothing at all
        let badgeOnly = try XCTUnwrap(problems(payload: #"{"aps":{"badge":3}}"#).first)
        let empty = try XCTUnwrap(problems(payload: #"{"aps":{"alert":"","badge":1}}"#).first)
        // THEN each is a warning saying what the phone got instead of a banner
        XCTAssertEqual(badgeOnly.code, "NoVisibleAlert")
        XCTAssertEqual(badgeOnly.measured, "badge only")
        XCTAssertEqual(empty.measured, "an empty alert with badge")
        XCTAssertEqual(codes(payload: #"{"aps":{"alert":{}}}"#), ["NoVisibleAlert"])
        XCTAssertEqual(codes(payload: #"{"aps":{}}"#), ["NoVisibleAlert"])
    }

    func test_apnsMutableContentWithoutAlert_warns_whenNoAlertWouldRunTheExtension() {
        XCTAssertEqual(codes(payload: #"{"aps":{"alert":"Hi","mutable-content":1}}"#), [])
        XCTAssertEqual(
            codes(payload: #"{"aps":{"badge":1,"mutable-content":1}}"#),
            ["NoVisibleAlert", "MutableContentWithoutAlert"])
    }

    func test_simulatorNoServiceExtension_warns_onlyOnTheSimulatorPath() throws {
        let rich = #"{"aps":{"alert":"Hi","mutable-content":1}}"#
        XCTAssertEqual(codes(payload: rich, simulator: false), [])
        XCTAssertEqual(codes(payload: plainAlert, simulator: true), [])
        let problem = try XCTUnwrap(problems(payload: rich, simulator: true).first)
        XCTAssertEqual(problem.code, "SimulatorNoServiceExtension")
        XCTAssertEqual(problem.measured, "mutable-content: 1")
        XCTAssertEqual(codes(.android, token: "fcm", payload: #"{"m":"x"}"#, simulator: true), [], "Apple only")
    }

    func test_simulatorNoSilentPush_warns_onlyOnTheSimulatorPath() {
        let silent = #"{"aps":{"content-available":1}}"#
        XCTAssertEqual(codes(payload: silent, simulator: false), [])
        XCTAssertEqual(codes(payload: silent, simulator: true), ["SimulatorNoSilentPush"])
    }
}
