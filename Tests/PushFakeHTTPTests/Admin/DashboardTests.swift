import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

@testable import PushFakeHTTP

/// The dashboard (docs/dashboard.md): `GET /__pushfake/` and its assets, with their types and the headers that keep
/// the page to itself, at the top level and under an instance, behind the admin API's access rules; and what the
/// binary embeds is exactly the files people edit.
final class DashboardTests: ServerTestCase {
    private func get(_ target: String, headers: [(String, String)] = []) throws -> LoopbackHTTPClient.Response {
        let host = headers.contains { $0.0 == "Host" } ? [] : [("Host", "127.0.0.1:\(port)")]
        return try LoopbackHTTPClient.exchange(port: port, "GET", target, headers: host + headers, receiveTimeout: 10)
    }

    private func assertServed(
        _ response: LoopbackHTTPClient.Response, type: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        XCTAssertEqual(response.headers["Content-Type"], type, file: file, line: line)
        XCTAssertEqual(response.headers["Cache-Control"], "no-store", file: file, line: line)
        XCTAssertEqual(response.headers["X-Content-Type-Options"], "nosniff", file: file, line: line)
        XCTAssertEqual(response.headers["X-Frame-Options"], "DENY", file: file, line: line)
        let policy = response.headers["Content-Security-Policy"] ?? ""
        for directive in [
            "default-src 'self'", "connect-src 'self'", "img-src 'self' data:", "style-src 'self'", "script-src 'self'",
        ] {
            XCTAssertTrue(policy.contains(directive + ";"), "\(directive) in \(policy)", file: file, line: line)
        }
        XCTAssertFalse(policy.contains("unsafe-inline"), file: file, line: line)
    }

    func test_page_andAssets_areServedWithTheirTypesAndAStrictPolicy() throws {
        let page = try get("/__pushfake/")
        assertServed(page, type: "text/html; charset=utf-8")
        XCTAssertTrue(page.text.contains(#"<script src="assets/dashboard.js" defer></script>"#))
        assertServed(try get("/__pushfake/assets/dashboard.js"), type: "text/javascript; charset=utf-8")
        assertServed(try get("/__pushfake/assets/dashboard.css"), type: "text/css; charset=utf-8")
        XCTAssertTrue(fake.journal.entries.isEmpty, "the dashboard is admin API, not vendor traffic")
    }

    func test_unknownAsset_is404JSON_andTheBarePrefixRedirectsToTheSlash() throws {
        let missing = try get("/__pushfake/assets/evil.js")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.json?["error"], "no dashboard file evil.js")
        let bare = try get("/__pushfake")
        XCTAssertEqual(bare.status, 308)
        XCTAssertEqual(bare.headers["Location"], "/__pushfake/")
    }

    func test_underAnInstance_thePageAndAssetsAreServedToo() throws {
        let client = try LoopbackHTTPClient(port: port)
        let id = try XCTUnwrap(client.request("POST", "/__pushfake/instances")?.json?["id"]?.stringValue)
        assertServed(try get("/i/\(id)/__pushfake/"), type: "text/html; charset=utf-8")
        assertServed(try get("/i/\(id)/__pushfake/assets/dashboard.js"), type: "text/javascript; charset=utf-8")
        XCTAssertEqual(try get("/i/\(id)/__pushfake").headers["Location"], "/i/\(id)/__pushfake/")
    }

    func test_accessRules_apply_aRebindingHostAndARemoteClientAreRefused() throws {
        for target in ["/__pushfake/", "/__pushfake/assets/dashboard.js"] {
            let rebound = try get(target, headers: [("Host", "attacker.example:\(port)")])
            XCTAssertEqual(rebound.status, 403, target)
            XCTAssertTrue(rebound.text.contains("attacker.example"), rebound.text)
        }
        let page = FakeRequest(method: "GET", path: "/__pushfake/", headers: ["Host": "127.0.0.1:8089"])
        let remote = PeerAddress(host: "10.0.2.2", isLoopback: false)
        XCTAssertNotNil(AdminAccess().refusal(of: page, from: remote, changesState: false, isStaticPage: true))
    }

    /// A browser opens a page without headers, so with --admin-token the page and its assets (no data in them) are
    /// served without the token, which the page then sends on every call it makes (`#token=` in its URL).
    func test_withAToken_thePageOpensWithoutIt_butWhatItFetchesNeedsIt() throws {
        server.stop()
        try startServer { $0.adminAccess = AdminAccess(token: "t0k") }
        assertServed(try get("/__pushfake/"), type: "text/html; charset=utf-8")
        assertServed(try get("/__pushfake/assets/dashboard.js"), type: "text/javascript; charset=utf-8")
        XCTAssertEqual(try get("/__pushfake/state").status, 403)
        XCTAssertEqual(try get("/__pushfake/events").status, 403)
        XCTAssertEqual(try get("/__pushfake/state", headers: [("Authorization", "Bearer t0k")]).status, 200)
    }

    /// SwiftPM embeds every file of Sources/PushFakeHTTP/Dashboard/Assets/ at build time, but `DashboardAssets`
    /// names the ones served: a file added there and not named would never reach a browser.
    func test_embeddedAssets_areExactlyTheFilesInTheRepository() throws {
        let directory = Repository.url("Sources/PushFakeHTTP/Dashboard/Assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(Set(names), Set(DashboardAssets.files.keys), "name each asset in DashboardAssets.files")
        for name in names {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            XCTAssertTrue(DashboardAssets.files[name] == Array(bytes), "\(name) differs from the embedded copy")
            let served = try get("/__pushfake/assets/\(name)")
            XCTAssertTrue(served.status == 200 && served.body == Array(bytes), "GET assets/\(name): \(served.status)")
        }
    }

    /// The page reaches nothing but its own server, and runs no inline script or style (the policy forbids them).
    func test_assets_referenceNoNetworkResource_andHoldNoInlineScriptOrStyle() throws {
        let html = String(decoding: try XCTUnwrap(DashboardAssets.files["index.html"]), as: UTF8.self)
        let script = String(decoding: try XCTUnwrap(DashboardAssets.files["dashboard.js"]), as: UTF8.self)
        let styles = String(decoding: try XCTUnwrap(DashboardAssets.files["dashboard.css"]), as: UTF8.self)
        for attribute in [#"src=""#, #"href=""#] {
            for part in html.components(separatedBy: attribute).dropFirst() {
                let value = String(part.prefix { $0 != "\"" })
                XCTAssertTrue(
                    value.hasPrefix("assets/") || value.hasPrefix("#") || value.hasPrefix("data:"),
                    "\(attribute)\(value)")
            }
        }
        XCTAssertFalse(html.contains("<script>"), "inline script")
        XCTAssertFalse(html.contains("<style"), "inline style")
        XCTAssertFalse(html.contains(" style="), "inline style attribute")
        for forbidden in ["http://", "https://", "EventSource(\"http", "import("] {
            XCTAssertFalse(script.contains(forbidden), forbidden)
        }
        XCTAssertFalse(styles.contains("url("), "no fonts or images from anywhere")
        XCTAssertFalse(styles.contains("@import"))
    }
}
