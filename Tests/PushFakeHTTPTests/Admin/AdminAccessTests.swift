import PushFakeCore
import XCTest

@testable import PushFakeHTTP

/// Who may use the admin API (docs/admin-api.md): loopback clients only without a token; a token from
/// anywhere; `--admin-open` for everyone; the Host rule against DNS rebinding; no cross-site posts.
final class AdminAccessTests: XCTestCase {
    private let remote = PeerAddress(host: "10.0.2.2", isLoopback: false)

    private func request(
        _ method: String = "GET", host: String? = "127.0.0.1:8089", headers: [(String, String)] = [], body: String = ""
    ) -> FakeRequest {
        var fields = HTTPHeaders()
        if let host { fields.add(name: "Host", value: host) }
        for (name, value) in headers { fields.add(name: name, value: value) }
        return FakeRequest(method: method, path: "/__pushfake/reset", headers: fields, body: Array(body.utf8))
    }

    func test_default_answersLoopbackAndRefusesOthers() {
        let access = AdminAccess()
        XCTAssertNil(access.refusal(of: request(), from: .loopback, changesState: false))
        let refusal = access.refusal(of: request(), from: remote, changesState: false)
        XCTAssertTrue(refusal?.contains("loopback clients only") == true, refusal ?? "")
        XCTAssertTrue(refusal?.contains("10.0.2.2") == true, refusal ?? "")
    }

    func test_hostRule_refusesNamesThatAreNotIPLiteralsLocalhostOrAllowed() {
        let access = AdminAccess(allowedHosts: ["pushfake"])
        for host in ["127.0.0.1:1", "localhost:8089", "app.localhost", "[::1]:8089", "pushfake:8080", "PUSHFAKE"] {
            XCTAssertNil(access.refusal(of: request(host: host), from: .loopback, changesState: false), host)
        }
        for host in ["evil.example:8089", "127.0.0.1.evil.example", "1.2.3", "300x.1.1.1", "attacker"] {
            let refusal = access.refusal(of: request(host: host), from: .loopback, changesState: false)
            XCTAssertTrue(refusal?.hasPrefix("Host \(host) is not an IP address") == true, "\(host): \(refusal ?? "")")
        }
    }

    func test_hostRule_readsHostsStrictly_whenBracketsPortsDotsOrCaseAreOdd() {
        let access = AdminAccess(allowedHosts: ["pushfake", "Compose-Service."])
        let allowed = [
            "[::1]", "[::1]:8080", "[0:0:0:0:0:0:0:1]", "[::ffff:127.0.0.1]:1", "[FE80::1]", "[1:2:3:4:5:6:7::]",
            "localhost.", "LOCALHOST:65535", "App.LocalHost.:80", "pushfake.", "compose-service", "127.0.0.1:08080",
            "10.0.0.255", "0.0.0.0",
        ]
        for host in allowed {
            XCTAssertNil(access.refusal(of: request(host: host), from: .loopback, changesState: false), host)
        }
        let refused = [
            "[evil.com]", "[x]evil.com", "[::1]evil.com", "[::1]:", "[::1]:0", "[::1]:65536", "[::1]:8080:1", "[::1",
            "::1", "[]", "[:::1]", "[1::2::3]", "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5:6:7]", "[12345::1]",
            "[fe80::1%25eth0]", "[v1.future]", "[::ffff:127.0.0.256]", "localhost:", "localhost:99999",
            "localhost:-1", "localhost:8o", "localhost..", ".localhost", "", ":8080", "127.0.0.1.", "127.0.0.01",
            "127.0.0.256", "localhost evil", "evil.com:80@localhost", "pushfake.evil.example",
        ]
        for host in refused {
            let refusal = access.refusal(of: request(host: host), from: .loopback, changesState: false)
            XCTAssertNotNil(refusal, host)
        }
    }

    func test_token_isRequiredFromEveryClient_andReplacesTheHostRule() {
        let access = AdminAccess(token: "s3cret")
        XCTAssertNotNil(access.refusal(of: request(), from: .loopback, changesState: false))
        let wrong = request(headers: [("Authorization", "Bearer nope")])
        XCTAssertNotNil(access.refusal(of: wrong, from: .loopback, changesState: false))
        let right = request(host: "pushfake.ci.internal", headers: [("Authorization", "Bearer s3cret")])
        XCTAssertNil(access.refusal(of: right, from: remote, changesState: false))
    }

    func test_open_answersEveryClient_butKeepsTheHostRule() {
        let access = AdminAccess(open: true)
        XCTAssertNil(access.refusal(of: request(host: "10.0.0.7:8080"), from: remote, changesState: false))
        XCTAssertNotNil(access.refusal(of: request(host: "evil.example"), from: remote, changesState: false))
    }

    func test_stateChanges_refuseForeignOriginsAndNonJSONBodies() {
        let access = AdminAccess()
        let crossSite = request("POST", headers: [("Origin", "http://evil.example")])
        XCTAssertTrue(
            access.refusal(of: crossSite, from: .loopback, changesState: true)?.contains("cross-site") == true)
        let sameSite = request("POST", headers: [("Origin", "http://127.0.0.1:8089")])
        XCTAssertNil(access.refusal(of: sameSite, from: .loopback, changesState: true))
        let textPlain = request("POST", headers: [("Content-Type", "text/plain")], body: "{}")
        let refusal = access.refusal(of: textPlain, from: .loopback, changesState: true)
        XCTAssertTrue(refusal?.contains("Content-Type: application/json, not text/plain") == true, refusal ?? "")
        let json = request("POST", headers: [("Content-Type", "application/json; charset=utf-8")], body: "{}")
        XCTAssertNil(access.refusal(of: json, from: .loopback, changesState: true))
        XCTAssertNil(access.refusal(of: request("POST"), from: .loopback, changesState: true), "no body is fine")
        XCTAssertNil(
            access.refusal(of: crossSite, from: .loopback, changesState: false), "reads are not refused by Origin")
    }
}
