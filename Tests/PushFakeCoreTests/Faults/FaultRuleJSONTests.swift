import PushFakeCore
import XCTest

/// Fault rule JSON is read strictly: every field's type, range and name (issue 8), the matcher with it (issue 9).
final class FaultRuleJSONTests: XCTestCase {
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let spec = try FaultRuleSpec(json: try JSON.parse(text))
            XCTFail("accepted \(text) as \(spec.jsonValue)", file: file, line: line)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func test_scope_rejectsNumbersOfTheWrongKindOrRange() {
        XCTAssertEqual(
            error(#"{"fault":{"status":503},"scope":{"after":1e20}}"#),
            "scope.after: must be an integer from 0 to 1000000000, not 1e+20")
        XCTAssertEqual(
            error(#"{"fault":{"status":503},"scope":{"probability":"0.1"}}"#),
            #"scope.probability: must be a number from 0 to 1, not "0.1""#)
        XCTAssertEqual(
            error(#"{"fault":{"status":503},"scope":{"probability":1.5}}"#),
            "scope.probability: must be a number from 0 to 1, not 1.5")
        for (times, shown) in [(#""abc""#, #""abc""#), ("1.5", "1.5"), ("1e20", "1e+20"), ("-5", "-5"), ("0", "0")] {
            XCTAssertEqual(
                error(#"{"fault":{"status":503},"scope":{"times":\#(times)}}"#),
                "scope.times: must be an integer from 1 to 1000000, not \(shown)")
        }
        XCTAssertEqual(
            error(#"{"fault":{"status":503},"scope":{"time":2}}"#),
            "scope.time: is not a known field; use times, after or probability")
        XCTAssertEqual(
            error(#"{"fault":{"status":503},"scope":"twice"}"#),
            #"scope: must be "once", "always" or an object of times, after and probability, not "twice""#)
        XCTAssertEqual(
            error(#"{"fault":{"status":503},"scope":{}}"#),
            #"scope: needs times, after or probability (or use "once" or "always")"#)
    }

    func test_fault_rejectsBadStatusDelayAndKeys() {
        for status in ["99999", "-1", "101", "199", "600", "503.5", #""503""#] {
            XCTAssertEqual(
                error(#"{"fault":{"status":\#(status)}}"#),
                "fault.status: must be an integer from 200 to 599, not \(status)")
        }
        XCTAssertEqual(
            error(#"{"fault":{"delay":1e300}}"#), "fault.delay: must be a number from 0 to 86400, not 1e+300")
        XCTAssertEqual(error(#"{"fault":{"delay":"5"}}"#), #"fault.delay: must be a number from 0 to 86400, not "5""#)
        XCTAssertEqual(error(#"{"fault":{"delay":-1}}"#), "fault.delay: must be a number from 0 to 86400, not -1")
        XCTAssertEqual(
            error(#"{"fault":{"status":503,"colour":"red"}}"#),
            "fault.colour: is not a known field; use tpnsError, twinPushError, message, status, body, delay, drop or "
                + "malformedBody")
        XCTAssertEqual(
            error(#"{"fault":{"status":503,"drop":"connection"}}"#),
            "fault: give one of tpnsError, twinPushError, status, drop, malformedBody or delay, not status and drop")
        XCTAssertEqual(
            error(#"{"fault":{"tpnsError":-1001,"status":503}}"#),
            "fault.status: cannot go with tpnsError, which takes delay")
        XCTAssertEqual(
            error(#"{"fault":{"body":{}}}"#), "fault.body: goes with status; it is the body answered with that status")
        XCTAssertEqual(error(#"{"fault":{"message":"x","delay":1}}"#), "fault.message: goes with twinPushError")
        XCTAssertEqual(
            error(#"{"fault":{"drop":"socket"}}"#), #"fault.drop: must be "connection" or "response", not "socket""#)
        XCTAssertEqual(
            error(#"{"fault":{"malformedBody":false}}"#),
            "fault.malformedBody: must be true (leave it out for a well-formed body)")
        XCTAssertEqual(
            error(#"{"fault":{"tpnsError":-5}}"#),
            "fault.tpnsError: must be -1000, -1001 or -1002, or DeviceNotRegistered, RegistrationIsAlreadyInProgress or "
                + "UnregisterBeforeYouRegisterAgain, not -5")
        XCTAssertEqual(
            error(#"{"fault":{"twinPushError":"InvalidToken","status":500}}"#),
            "fault.status: is only for a type of your own: InvalidToken answers 403")
        XCTAssertEqual(
            error(#"{"fault":{"twinPushError":"Custom","status":700}}"#),
            "fault.status: must be an integer from 200 to 599, not 700")
        XCTAssertEqual(
            error(#"{"fault":{}}"#),
            "fault: needs one of tpnsError, twinPushError, status, drop, malformedBody or delay")
        XCTAssertEqual(error(#"{"match":{}}"#), "fault: is required")
    }

    func test_rule_rejectsUnknownFieldsAndResponseCriteria() {
        XCTAssertEqual(
            error(#"{"fault":{"status":503},"when":{}}"#), "when: is not a known field; use match, fault or scope")
        XCTAssertEqual(
            error(#"{"id":"fault-9","fault":{"status":503}}"#),
            "id: is given by the engine (fault-1, fault-2, …); leave it out")
        XCTAssertEqual(
            error(#"{"match":{"vendor":"tpns","operation":"regster"},"fault":{"status":503}}"#),
            #"match.operation: "regster" is not a tpns operation; use register, unregister, pushNotifications"#)
        XCTAssertEqual(
            error(#"{"match":{"status":200},"fault":{"status":503}}"#),
            "match.status: is for journal queries: a fault rule applies before there is a response or a fault")
        XCTAssertEqual(error(#"[]"#), "must be an object, not an array")
    }

    func test_rule_readsEveryValidForm_andRoundTripsThroughJSON() throws {
        let texts = [
            #"{"match":{"vendor":"TPNS","operation":"register"},"fault":{"tpnsError":"registrationisalreadyinprogress"}}"#,
            #"{"fault":{"twinPushError":"invalidtoken","message":"no","delay":1},"scope":"always"}"#,
            #"{"fault":{"twinPushError":"Quota","status":429},"scope":{"after":2}}"#,
            #"{"fault":{"status":503,"body":{"x":1},"delay":2.5},"scope":{"times":3,"probability":0.25}}"#,
            #"{"fault":{"delay":0},"scope":{"probability":0}}"#,
            #"{"fault":{"drop":"response"},"scope":{"after":1,"times":1}}"#,
            #"{"fault":{"malformedBody":true},"match":null,"scope":null}"#,
        ]
        for text in texts {
            let spec = try FaultRuleSpec(json: try JSON.parse(text))
            let again = try FaultRuleSpec(json: spec.jsonValue)
            XCTAssertEqual(again, spec, text)
            XCTAssertEqual(again.jsonValue, spec.jsonValue, text)
        }
        let first = try FaultRuleSpec(json: try JSON.parse(texts[0]))
        XCTAssertEqual(first.matcher.vendor, .tpns)
        XCTAssertEqual(first.fault.jsonValue, ["tpnsError": -1001])
        XCTAssertEqual(
            try FaultRuleSpec(json: try JSON.parse(texts[3])).fault.jsonValue.serializedString(),
            #"{"status":503,"body":{"x":1},"delay":2.5}"#)
    }

    func test_faultAndScopeJSON_roundTrip_forSwiftBuiltValues() throws {
        let faults: [Fault] = [
            .tpnsError(.deviceNotRegistered), .twinPushError(.invalidToken), .twinPushError(.aliasNotSet, message: "m"),
            .twinPushError(TwinPushErrorType(rawValue: "Custom", status: 418)), .status(503), .status(200, body: [1]),
            .delay(3), .dropConnection, .dropResponse.delayed(by: 1), .malformedBody,
        ]
        for fault in faults {
            XCTAssertEqual(try Fault(json: fault.jsonValue), fault, "\(fault.jsonValue)")
        }
        let scopes: [FaultScope] = [
            .once, .always, .times(3), .after(2), .after(2, times: 1), .probability(0.5), .probability(0.5, times: 2),
        ]
        for scope in scopes {
            XCTAssertEqual(try FaultScope(json: scope.jsonValue), scope, "\(scope.jsonValue)")
        }
        XCTAssertEqual(FaultScope.after(2, times: 1).jsonValue, ["after": 2, "times": 1])
    }

    func test_faultRuleJSON_listsMatcherFaultScopeAndDescription() {
        let fake = PushFake()
        fake.inject(.status(503).delayed(by: 2), when: .tpns(.register).app("K"), scope: .times(2))
        fake.tpnsRegister(appKey: "K")
        XCTAssertEqual(
            fake.faultRules[0].jsonValue.serializedString(),
            #"{"id":"fault-1","match":{"vendor":"tpns","operation":"register","app":"K"},"#
                + #""fault":{"status":503,"delay":2.0},"scope":{"times":2},"#
                + #""description":"fault-1: HTTP 503 after 2.0s when vendor=tpns, operation=register, app=K (2 times)","#
                + #""matchCount":1,"appliedCount":1,"exhausted":false}"#)
    }
}
