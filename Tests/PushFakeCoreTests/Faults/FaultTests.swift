import PushFakeCore
import PushFakeTestSupport
import XCTest

final class FaultTests: XCTestCase {
    func test_tpnsErrorFault_answers409WithSDKText_whenInjected1001() throws {
        let fake = PushFake()
        fake.inject(.tpnsError(.registrationIsAlreadyInProgress), when: .tpns(.register))
        let exchange = fake.tpnsRegister()
        XCTAssertEqual(exchange.response.status, 409)
        XCTAssertEqual(
            exchange.bodyText,
            #"{"success":false,"message":"There is already a registration in progress. Ignoring addional request.","#
                + #""errors":[{"field":"deviceId","message":"There is already a registration in progress. "#
                + #"Ignoring addional request.","errorCode":-1001}]}"#)
        XCTAssertTrue(fake.tpnsDevices().isEmpty, "a vendor-error fault does not run the handler")
        XCTAssertEqual(fake.journal.entries.last?.fault?.fault, .tpnsError(.registrationIsAlreadyInProgress))
    }

    func test_tpnsErrorFault_usesStatus404_whenInjected1000() {
        let fake = PushFake()
        fake.inject(.tpnsError(.deviceNotRegistered), when: .tpns(.unregister))
        let exchange = fake.tpnsUnregister(deviceId: "d")
        XCTAssertEqual(exchange.response.status, 404)
        XCTAssertEqual(exchange.json?["errors"]?[0]?["errorCode"], -1000)
    }

    func test_onceScope_appliesToNextMatchOnly_whenTwoCallsFollow() {
        let fake = PushFake()
        fake.inject(.status(500), when: .tpns(.register), scope: .once)
        XCTAssertEqual(fake.tpnsRegister().response.status, 500)
        XCTAssertEqual(fake.tpnsRegister().response.status, 200)
        XCTAssertEqual(fake.faultRules.first?.appliedCount, 1)
        XCTAssertEqual(fake.faultRules.first?.isExhausted, true)
    }

    func test_statusFault_usesVendorShape_whenNoBodyGiven() {
        let fake = PushFake()
        fake.inject(.status(503), when: .tpns())
        let exchange = fake.tpnsRegister()
        XCTAssertEqual(exchange.response.status, 503)
        XCTAssertEqual(exchange.bodyText, #"{"success":false,"message":"Service Unavailable","errors":[]}"#)
    }

    func test_statusFault_usesGivenBody_whenBodyGiven() {
        let fake = PushFake()
        fake.inject(.status(418, body: ["teapot": true]))
        XCTAssertEqual(fake.tpnsRegister().bodyText, #"{"teapot":true}"#)
    }

    func test_afterScope_skipsFirstMatches_whenAfterTwoTimesOne() {
        let fake = PushFake()
        fake.inject(.status(500), when: .tpns(.register), scope: .after(2, times: 1))
        let statuses = (0..<5).map { fake.tpnsRegister(deviceId: "d\($0)").response.status }
        XCTAssertEqual(statuses, [200, 200, 500, 200, 200])
    }

    func test_timesAndAlwaysScopes_limitApplications_whenRepeated() {
        let fake = PushFake()
        fake.inject(.status(502), when: .tpns(.unregister), scope: .times(2))
        fake.inject(.status(504), when: .tpns(.register), scope: .always)
        XCTAssertEqual((0..<3).map { _ in fake.tpnsUnregister(deviceId: "x").response.status }, [502, 502, 200])
        XCTAssertEqual((0..<3).map { _ in fake.tpnsRegister().response.status }, [504, 504, 504])
    }

    func test_probabilityScope_isDeterministicPerSeed_whenReplayed() {
        func run(seed: UInt64) -> [Int] {
            let fake = PushFake(PushFakeConfiguration(seed: seed))
            fake.inject(.status(500), when: .any, scope: .probability(0.5, times: nil))
            return (0..<64).map { fake.tpnsRegister(deviceId: "d\($0)").response.status }
        }
        let first = run(seed: 9)
        XCTAssertEqual(first, run(seed: 9))
        XCTAssertTrue(first.contains(500) && first.contains(200), "p=0.5 over 64 calls faults some, not all")
    }

    func test_matcher_selectsByAppDeviceHeaderAndBodyField_whenRulesDiffer() {
        let fake = PushFake()
        fake.inject(.status(401), when: .tpns(.register).app("other"), scope: .always)
        fake.inject(.status(402), when: .tpns(.register).device("dev-2"), scope: .always)
        fake.inject(.status(403), when: .any.header("X-Trace", equals: "on"), scope: .always)
        fake.inject(.status(406), when: .any.bodyField("applicationType", .equals("AOS")), scope: .always)
        XCTAssertEqual(fake.tpnsRegister(appKey: "other").response.status, 401)
        XCTAssertEqual(fake.tpnsRegister(deviceId: "dev-2").response.status, 402)
        XCTAssertEqual(
            fake.send("POST", "/api/device/register", json: "{}", headers: ["x-trace": "on"]).response.status, 403)
        XCTAssertEqual(fake.tpnsRegister(type: "AOS").response.status, 406)
        XCTAssertEqual(fake.tpnsRegister().response.status, 200)
    }

    func test_delayFault_handlesNormallyAndReportsDelay_whenInjected() {
        let fake = PushFake()
        fake.inject(.delay(1.5), when: .tpns(.register))
        let exchange = fake.tpnsRegister()
        XCTAssertEqual(exchange.response.status, 200)
        XCTAssertEqual(exchange.delay, 1.5)
        XCTAssertEqual(exchange.action, .respond)
        XCTAssertEqual(fake.tpnsDevices().count, 1)
        XCTAssertEqual(fake.journal.entries.last?.delay, 1.5)
    }

    func test_dropFaults_differInWhetherStoreChanges_whenConnectionDropped() {
        let fake = PushFake()
        fake.inject(.dropConnection, when: .tpns(.register).device("before"))
        fake.inject(.dropResponse, when: .tpns(.register).device("after"))
        XCTAssertEqual(fake.tpnsRegister(deviceId: "before").action, .dropConnection)
        XCTAssertEqual(fake.tpnsRegister(deviceId: "after").action, .dropConnection)
        XCTAssertEqual(fake.tpnsDevices().map(\.deviceId), ["after"])
        XCTAssertEqual(fake.journal.entries.map(\.outcome), [.dropped, .droppedAfterHandling])
    }

    func test_malformedBodyFault_truncatesRealResponse_whenInjected() {
        let fake = PushFake()
        fake.inject(.malformedBody, when: .tpns(.register))
        let exchange = fake.tpnsRegister(deviceId: "D")
        XCTAssertEqual(exchange.response.status, 200)
        XCTAssertNil(exchange.json)
        XCTAssertTrue(exchange.bodyText.hasPrefix(#"{"success":true"#))
        XCTAssertEqual(fake.tpnsDevices().count, 1)
    }

    func test_faultOnUnmatchedRequests_applies_whenMatcherTargetsThem() {
        let fake = PushFake()
        fake.inject(.status(599), when: .unmatchedRequests, scope: .always)
        XCTAssertEqual(fake.send("GET", "/nowhere").response.status, 599)
        XCTAssertEqual(fake.tpnsRegister().response.status, 200)
    }

    func test_removeFault_stopsRule_whenRemovedById() {
        let fake = PushFake()
        let id = fake.inject(.status(500), scope: .always)
        XCTAssertTrue(fake.removeFault(id: id))
        XCTAssertFalse(fake.removeFault(id: id))
        XCTAssertEqual(fake.tpnsRegister().response.status, 200)
    }

    func test_dropConnectionFault_journalsStatusZero_whenNothingWasSent() {
        let fake = PushFake()
        fake.inject(.dropConnection)
        let exchange = fake.tpnsRegister()
        XCTAssertEqual(exchange.response.status, 0)
        XCTAssertTrue(exchange.response.body.isEmpty)
        XCTAssertEqual(fake.journal.entries.last?.jsonValue["response"]?["status"], 0)
    }
}
