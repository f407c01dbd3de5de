import PushFakeCore
import PushFakeEngineFuzz
import PushFakeHTTP
import XCTest

/// Numbers from outside never take the server down (issue 16): the boundary values — `Int.min`, `Int.min + 1`,
/// `Int.max`, `Int.max + 1`, `-0`, `2^53 + 1`, `1e19`, `1e308`, `-1e308`, and the same as strings where a field
/// takes strings — go into every numeric field of every vendor route (from the route table's declared fields),
/// every admin route (query, headers and body, from the admin schemas) and every number of a state document, on a
/// live server. Each is answered in its vendor's or the admin API's shape, never 5xx, never a non-JSON answer, and
/// the server answers health afterwards.
final class HostileBoundaryValueTests: HostileTestCase {
    private var client: LoopbackHTTPClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        client = try LoopbackHTTPClient(port: port, receiveTimeout: 20)
    }

    override func tearDown() {
        client = nil
        super.tearDown()
    }

    /// Sends `bytes` on the keep-alive connection and reads one answer; when the server closed the connection
    /// after an answer that asked for it, the request goes again on a new one.
    private func exchange(_ bytes: [UInt8]) throws -> LoopbackHTTPClient.Response? {
        client.send(bytes)
        if let answer = client.readResponse() {
            if answer.headers["Connection"]?.lowercased() == "close" {
                client = try LoopbackHTTPClient(port: port, receiveTimeout: 20)
            }
            return answer
        }
        client = try LoopbackHTTPClient(port: port, receiveTimeout: 20)
        client.send(bytes)
        return client.readResponse()
    }

    private func check(
        _ cases: [BoundaryCase], servedAfter: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertFalse(cases.isEmpty, file: file, line: line)
        for item in cases {
            guard let answer = try exchange(item.wireBytes) else {
                XCTFail("\(item): no answer (the server closed or died)", file: file, line: line)
                return
            }
            XCTAssertTrue(
                item.isShapedAnswer(status: answer.status, body: answer.json),
                "\(item): \(answer.status) \(answer.text.prefix(300))", file: file, line: line)
            XCTAssertTrue(
                answer.headers["Content-Type"]?.hasPrefix("application/json") == true, "\(item)", file: file,
                line: line)
        }
        if servedAfter { assertServed("after \(cases.count) boundary values", file: file, line: line) }
    }

    func test_vendorRoutes_answerEveryBoundaryValueInTheVendorsShape_inEveryDeclaredField() throws {
        var answers: [JSON?] = []
        for request in VendorBoundaryCases.Fixture.setup {
            var bytes = Array("\(request.method) \(request.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)
            bytes += Array("Content-Type: application/json\r\nContent-Length: \(request.body.count)\r\n\r\n".utf8)
            answers.append(try exchange(bytes + request.body)?.json)
        }
        let fixture = try XCTUnwrap(VendorBoundaryCases.Fixture(answers: answers), "\(answers)")
        let cases = VendorBoundaryCases.cases(fake.vendors.declaredRoutes, fixture: fixture)
        // Both vendors, and the badge that took the server down (issue 16).
        XCTAssertTrue(cases.contains { $0.answerer == .vendor(.tpns) })
        XCTAssertTrue(cases.contains { $0.route.hasSuffix("/update_badge") && $0.value == "-9223372036854775808" })
        try check(cases)
    }

    func test_adminRoutes_answerEveryBoundaryValueWithJSON_inEveryNumericQueryHeaderAndBodyField() throws {
        // The events stream answers a valid `since` with a stream: those cases are checked on their own.
        let cases = AdminBoundaryCases.cases(vendors: fake.vendors)
        try check(cases.filter { $0.route != "GET /__pushfake/events" }, servedAfter: false)
        for item in cases where item.route == "GET /__pushfake/events" {
            let stream = try LoopbackHTTPClient(port: port, receiveTimeout: 20)
            stream.send(item.wireBytes)
            let head = try XCTUnwrap(stream.readHead(), "\(item)")
            if head.status == 200 {
                XCTAssertEqual(head.headers["Content-Type"], "text/event-stream; charset=utf-8", "\(item)")
            } else {
                XCTAssertEqual(head.status, 400, "\(item)")
                let body = try XCTUnwrap(stream.readBody(of: head), "\(item)")
                XCTAssertNotNil(try JSON.parse(body)["error"]?.stringValue, "\(item)")
            }
        }
        XCTAssertTrue(cases.contains { $0.field == "body fault.delay" })
        XCTAssertTrue(cases.contains { $0.field == "header Last-Event-ID" })
        // Values in range made fault rules (a TPNS -1000 among them): start over before a register.
        fake.reset()
        assertServed("after the events stream cases")
    }

    func test_stateDocuments_answerEveryBoundaryValueWithJSON_andNameTheFieldWhenRefused() throws {
        let cases = StateBoundaryCases.cases()
        XCTAssertTrue(cases.contains { $0.path == "vendors.twinPush.devices[0].badge" })
        for item in cases {
            guard let answer = try exchange(item.boundaryCase.wireBytes) else {
                return XCTFail("\(item): no answer (the server closed or died)")
            }
            XCTAssertTrue(item.boundaryCase.isShapedAnswer(status: answer.status, body: answer.json), "\(item)")
            if answer.status == 400 {
                // A number is refused naming its field; a changed id may instead break a reference to it, which
                // the error names.
                let message = answer.json?["error"]?.stringValue ?? ""
                let key = item.path.split(separator: ".").last.map { String($0.split(separator: "[").first ?? $0) }
                XCTAssertTrue(
                    message.contains(key ?? item.path) || (item.value.hasPrefix("\"") && message.contains(": ")),
                    "\(item): \(message)")
            } else {
                XCTAssertEqual(answer.status, 200, "\(item): \(answer.text.prefix(300))")
            }
        }
        // The documents loaded fault rules (a -1001 for registers among them): start over before a register.
        fake.reset()
        assertServed("after \(cases.count) state documents")
    }
}
