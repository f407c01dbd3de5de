import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `POST /__pushfake/verify` and `POST /__pushfake/wait`: the Swift assertions and `waitFor`, over HTTP.
final class AdminExpectationTests: ServerTestCase {
    func test_verify_answers200WhenTheCountHolds_and409WithTheClosestMissWhenNot() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        let holds = try await request(
            "POST", "/__pushfake/verify",
            json: #"{"match":{"vendor":"tpns","operation":"register"},"count":{"exactly":1}}"#)
        XCTAssertEqual(holds.status, 200)
        XCTAssertEqual(holds.body?["ok"], true)
        XCTAssertEqual(holds.body?["matched"], [1])
        let fails = try await request(
            "POST", "/__pushfake/verify", json: #"{"match":{"vendor":"tpns","device":"D2"}}"#)
        XCTAssertEqual(fails.status, 409)
        let message = try XCTUnwrap(fails.body?["message"]?.stringValue)
        let swift = Verification.count(RequestMatcher.tpns().device("D2"), .once, in: fake.journal.entries)
        XCTAssertEqual(message, swift.failure, "the same text the Swift assertions print")
        XCTAssertTrue(message.contains("closest miss: #1 POST /TPNS/api/device/register"), message)
    }

    func test_verify_inOrder_andStrictValidation() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        _ = try await request("PUT", "/TPNS/api/application/testApp/device/D1/unregister")
        let ordered = try await request(
            "POST", "/__pushfake/verify", json: #"{"inOrder":[{"operation":"register"},{"operation":"unregister"}]}"#)
        XCTAssertEqual(ordered.status, 200)
        let reversed = try await request(
            "POST", "/__pushfake/verify", json: #"{"inOrder":[{"operation":"unregister"},{"operation":"register"}]}"#)
        XCTAssertEqual(reversed.status, 409)
        let typo = try await request(
            "POST", "/__pushfake/verify", json: #"{"match":{"vendor":"tpns","operation":"regster"}}"#)
        XCTAssertEqual(typo.status, 400)
        let error = typo.body?["error"]?.stringValue ?? ""
        XCTAssertTrue(error.contains("regster") && error.contains("register"), error)
        let vendorCase = try await request(
            "POST", "/__pushfake/verify", json: #"{"match":{"vendor":"TPNS","operation":"register"}}"#)
        XCTAssertEqual(vendorCase.status, 200, "vendor names are case-insensitive")
        let unknown = try await request("POST", "/__pushfake/verify", json: #"{"match":{},"cnt":{"exactly":1}}"#)
        XCTAssertEqual(unknown.status, 400)
        XCTAssertTrue(unknown.body?["error"]?.stringValue?.contains("cnt") == true)
    }

    func test_wait_answersAtOnce_whenTheEntriesAlreadyExist() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        let started = Date()
        let waited = try await request("POST", "/__pushfake/wait", json: #"{"match":{"operation":"register"}}"#)
        XCTAssertEqual(waited.status, 200)
        XCTAssertEqual(waited.body?["entries"]?[0]?["seq"], 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func test_wait_answersWhenTheEntryArrives_fromAnotherClient() throws {
        let waiter = try LoopbackHTTPClient(port: port, receiveTimeout: 30)
        let body = #"{"match":{"operation":"register"},"count":{"atLeast":2},"timeout":30}"#
        waiter.send(
            "POST /__pushfake/wait HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let sender = try LoopbackHTTPClient(port: port)
        for _ in 0..<2 {
            XCTAssertEqual(sender.request("POST", "/TPNS/api/device/register", body: Self.registerBody)?.status, 200)
        }
        let answer = try XCTUnwrap(waiter.readResponse())
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.json?["matched"], [1, 2])
    }

    func test_wait_times_out_with408AndTheClosestMiss() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        let started = Date()
        let waited = try await request(
            "POST", "/__pushfake/wait", json: #"{"match":{"operation":"unregister"},"timeout":0.3}"#)
        XCTAssertEqual(waited.status, 408)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.25)
        let message = waited.body?["message"]?.stringValue ?? ""
        XCTAssertTrue(message.hasPrefix("waited 0.3 s: expected at least 1"), message)
        XCTAssertTrue(message.contains("closest miss"), message)
    }

    func test_wait_refusesBadTimeouts() async throws {
        for body in [#"{"match":{},"timeout":-1}"#, #"{"match":{},"timeout":"5"}"#, #"{"match":{},"timeout":1e9}"#] {
            let answer = try await request("POST", "/__pushfake/wait", json: body)
            XCTAssertEqual(answer.status, 400, body)
            XCTAssertTrue(answer.body?["error"]?.stringValue?.contains("timeout") == true, body)
        }
    }
}
