import PushFakeCore
import PushFakeHTTP
import XCTest

/// Request targets in the forms RFC 9112 §3.2 names: the absolute form (`http://host:port/path`), which a server
/// must accept and route by its path, with its authority in place of `Host`; and targets in no form at all
/// (`__pushfake/health` without its slash), which are 400 like other malformed requests.
final class HostileRequestTargetTests: HostileTestCase {
    func test_absoluteFormTarget_isRoutedByItsPath_forAdminAndVendorRoutes() throws {
        let health = try answer(
            to:
                "GET http://127.0.0.1:\(port)/__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        XCTAssertEqual(health.status, 200, health.text)
        XCTAssertEqual(health.json?["status"], "ok")

        let body = ServerTestCase.registerBody
        let register = try answer(
            to: "POST HTTP://127.0.0.1:\(port)/TPNS/api/device/register?from=absolute HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
                + body)
        XCTAssertEqual(register.status, 200, register.text)
        let entry = try XCTUnwrap(fake.journal.entries.first { $0.request.query == "from=absolute" })
        XCTAssertEqual(entry.request.path, "/TPNS/api/device/register")
        XCTAssertEqual(entry.route?.operation.rawValue, "register")
        XCTAssertEqual(entry.request.headers["Host"], "127.0.0.1:\(port)", "the target's authority replaces Host")
    }

    func test_absoluteFormTarget_withAnEmptyPath_isTheRoot_andAnInstancePathIsRoutedToTheInstance() throws {
        let instance = try XCTUnwrap(server.instances.add(PushFake()))
        let answer = try answer(
            to: "GET http://localhost:\(port)/i/\(instance)/__pushfake/health HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n")
        XCTAssertEqual(answer.status, 200, answer.text)
        let root = try self.answer(
            to: "GET http://127.0.0.1:\(port) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(root.status, 404, root.text)
        XCTAssertTrue(fake.journal.entries.contains { $0.request.path == "/" && $0.status == 404 })
    }

    func test_absoluteFormTarget_isHeldToTheHostRule_byItsAuthority() throws {
        // GIVEN a loopback client whose Host header looks local but whose target names another host
        let answer = try answer(
            to: "GET http://evil.example/__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        // THEN the authority is the host the admin API checks (RFC 9112 §3.2.2: Host is ignored)
        XCTAssertEqual(answer.status, 403, answer.text)
        XCTAssertTrue(answer.json?["error"]?.stringValue?.contains("evil.example") == true, answer.text)
    }

    func test_targetsInNoForm_answer400WithAJSONError_andAreJournaled() throws {
        for target in [
            "__pushfake/health", "TPNS/api/device/register", "*", "127.0.0.1:80", "ftp://127.0.0.1/__pushfake/health",
            "http://user@127.0.0.1/__pushfake/health", "http:///__pushfake/health", "http:/__pushfake/health",
        ] {
            let before = fake.journal.totalCount
            let answer = try answer(to: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            XCTAssertEqual(answer.status, 400, "\(target): \(answer.text)")
            XCTAssertTrue(
                answer.json?["error"]?.stringValue?.hasPrefix("invalid request target") == true,
                "\(target): \(answer.text)")
            XCTAssertTrue(answer.closedByServer, target)
            let entry = try XCTUnwrap(
                fake.journal.entries.first { $0.sequence > before && $0.isUnmatched && $0.status == 400 }, target)
            XCTAssertEqual(entry.request.path, target, "journaled with the target as sent")
        }
    }

    func test_optionsAsterisk_isStillARequest() throws {
        let answer = try answer(to: "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(answer.status, 404, answer.text)
    }
}
