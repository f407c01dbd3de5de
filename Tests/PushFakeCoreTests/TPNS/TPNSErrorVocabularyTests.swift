import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Every error answer TPNS gives, against what its clients document (TPNSWireProtocol.md §4.2: the envelope
/// `{"success":false,"message":<string>,"errors":[{"field","message","errorCode"}]}`; §4.3: the statuses the iOS
/// library has texts for, 400, 403, 422 and 500). The handlers refuse only through the closed `TPNSRefusal.Status`
/// and `TPNSRefusal.Code` sets and the `TPNSErrorCode` cases, so listing those lists every answer; whatever the
/// clients do not name must have its row in FakeBehaviour.md (TPNS).
final class TPNSErrorVocabularyTests: XCTestCase {
    private static let documentedStatuses: Set<Int> = [400, 403, 422, 500]

    /// A request giving an answer with `code`, and the status it comes with. A switch without `default`: a new code
    /// does not compile until it has its trigger here.
    private func trigger(_ code: TPNSRefusal.Code) -> (status: Int, exchange: (PushFake) -> Exchange) {
        switch code {
        case .invalidJson:
            return (400, { $0.send("POST", "/TPNS/api/device/register", json: "{") })
        case .invalidType:
            return (422, { $0.send("POST", "/TPNS/api/device/register", json: #"{"deviceId":7}"#) })
        case .invalidValue:
            return (422, { $0.tpnsRegister(type: "WINDOWS") })
        case .notEmpty:
            return (422, { $0.tpnsRegister(deviceId: "") })
        case .unknownApplication:
            return (422, { $0.tpnsRegister(appKey: "undeclared") })
        case .invalidToken:
            return (422, { $0.tpnsRegister(token: "{length=32,bytes=0x965b251e...376eab7c}") })
        }
    }

    /// The rows of FakeBehaviour.md's TPNS register table: (status, errorCode).
    private static func explainedCodes() -> Set<String> {
        let rows = DocCArticle.rows(DocCArticle("FakeBehaviour").section("TPNS", "Register"))
        return Set(rows.filter { $0.count >= 2 }.map { "\($0[0]) \($0[1])" })
    }

    func test_everyRefusalStatus_isOneTheClientsDocument() {
        for status in TPNSRefusal.Status.allCases {
            XCTAssertTrue(
                Self.documentedStatuses.contains(status.rawValue), "\(status) is not in TPNSWireProtocol §4.3")
        }
    }

    func test_everyErrorCode_isExplainedInFakeBehaviour_andAnsweredInTheEnvelope() {
        let explained = Self.explainedCodes()
        XCTAssertFalse(explained.isEmpty, "FakeBehaviour.md has no TPNS register table")
        for code in TPNSRefusal.Code.allCases {
            let (status, exchange) = trigger(code)
            // THEN FakeBehaviour lists the code with its status (no source names the real codes) …
            XCTAssertTrue(
                explained.contains("\(status) `\(code.rawValue)`"), "\(code.rawValue) (\(status)) unexplained")
            // … and a request answers it in the envelope
            let declared = PushFake(PushFakeConfiguration(tpnsApps: ["testApp"]))
            let answer = exchange(declared)
            XCTAssertEqual(answer.response.status, status, answer.bodyText)
            assertEnvelope(answer, code: .string(code.rawValue))
        }
    }

    func test_stateCheckCodes_areExplainedInFakeBehaviour_andAnsweredInTheEnvelope() {
        let rows = DocCArticle.rows(
            DocCArticle("FakeBehaviour").section("TPNS", "The error codes -1000, -1001 and -1002"))
        for code in TPNSErrorCode.allCases {
            // THEN the status outside the documented ones has its row …
            XCTAssertFalse(Self.documentedStatuses.contains(code.httpStatus))
            XCTAssertTrue(
                rows.contains {
                    $0.count >= 2 && $0[0] == "\(code.rawValue) `\(code.name)`" && $0[1] == "\(code.httpStatus)"
                },
                "\(code.name) (\(code.httpStatus)) has no row in FakeBehaviour.md")
            // … and the state check answers it in the envelope
            let fake = PushFake(PushFakeConfiguration(stateChecks: true))
            let answer: Exchange
            switch code {
            case .deviceNotRegistered:
                answer = fake.tpnsUnregister(deviceId: "ghost")
            case .registrationIsAlreadyInProgress:
                fake.inject(.delay(30), when: .tpns(.register), scope: .once)
                fake.tpnsRegister(deviceId: "D", token: "t")
                answer = fake.tpnsRegister(deviceId: "D", token: "t2")
            case .unregisterBeforeYouRegisterAgain:
                fake.tpnsRegister(deviceId: "D", token: "t")
                answer = fake.tpnsRegister(deviceId: "D", token: "t")
            }
            XCTAssertEqual(answer.response.status, code.httpStatus, answer.bodyText)
            assertEnvelope(answer, code: .int(code.rawValue))
        }
    }

    func test_unmatchedRequests_underTheTPNSPrefix_answerInTheEnvelope() {
        let fake = PushFake()
        // GIVEN a path no route has, and a known path with another method
        let unknown = fake.send("GET", "/TPNS/api/nowhere")
        let method = fake.send("GET", "/TPNS/api/device/register")
        // THEN 404 and 405 (FakeBehaviour.md, Common: Responses) in the envelope, with no field errors
        XCTAssertEqual([unknown.response.status, method.response.status], [404, 405])
        for answer in [unknown, method] {
            XCTAssertEqual(answer.json?["success"], false)
            XCTAssertNotNil(answer.json?["message"]?.stringValue)
            XCTAssertEqual(answer.json?["errors"], [])
        }
    }

    private func assertEnvelope(_ answer: Exchange, code: JSON, file: StaticString = #filePath, line: UInt = #line) {
        let body = answer.json
        XCTAssertEqual(body?.objectValue?.keys.sorted(), ["errors", "message", "success"], file: file, line: line)
        XCTAssertEqual(body?["success"], false, file: file, line: line)
        XCTAssertFalse(body?["message"]?.stringValue?.isEmpty ?? true, answer.bodyText, file: file, line: line)
        let errors = body?["errors"]?.arrayValue ?? []
        XCTAssertFalse(errors.isEmpty, answer.bodyText, file: file, line: line)
        for error in errors {
            XCTAssertEqual(error.objectValue?.keys.sorted(), ["errorCode", "field", "message"], file: file, line: line)
            XCTAssertNotNil(error["field"]?.stringValue, file: file, line: line)
            XCTAssertNotNil(error["message"]?.stringValue, file: file, line: line)
        }
        XCTAssertTrue(errors.contains { $0["errorCode"] == code }, answer.bodyText, file: file, line: line)
    }
}
