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

    /// The fleet view (fleet-model.js, fleet.js, fleet.css) is part of the page: linked from it, served with its
    /// type, and fed by the event hook dashboard.js fires for every event of the stream.
    func test_fleetView_assetsAreLinkedFromThePageAndServed_whenThePageIsOpened() throws {
        let page = try get("/__pushfake/")
        XCTAssertTrue(page.text.contains(#"<script src="assets/fleet-model.js" defer></script>"#), page.text)
        XCTAssertTrue(page.text.contains(#"<script src="assets/fleet.js" defer></script>"#), page.text)
        XCTAssertTrue(page.text.contains(#"<link rel="stylesheet" href="assets/fleet.css">"#), page.text)
        for id in ["fleet-state-rows", "fleet-chart", "fleet-latency-rows", "fleet-histogram"] {
            XCTAssertTrue(page.text.contains(#"id="\#(id)""#), id)
        }
        let script = try get("/__pushfake/assets/fleet.js")
        assertServed(script, type: "text/javascript; charset=utf-8")
        XCTAssertTrue(script.text.contains(#"addEventListener("pushfake:event""#), "the view listens to the hook")
        let model = try get("/__pushfake/assets/fleet-model.js")
        assertServed(model, type: "text/javascript; charset=utf-8")
        XCTAssertTrue(model.text.contains("const FleetModel = "), "the model the view draws")
        assertServed(try get("/__pushfake/assets/fleet.css"), type: "text/css; charset=utf-8")
        let dashboard = try get("/__pushfake/assets/dashboard.js")
        XCTAssertTrue(dashboard.text.contains(#"new CustomEvent("pushfake:event""#), "the hook the view listens to")
        XCTAssertTrue(script.text.contains(#"addEventListener("pushfake:vendors""#), "the view takes the cards")
        let world = try get("/__pushfake/assets/world.js")
        XCTAssertTrue(world.text.contains(#"new CustomEvent("pushfake:vendors""#), "the cards handed to the view")
    }

    /// The page knows no vendor: every vendor's forms, devices and fleet counts come from its card (GET …/vendors),
    /// so no line of code in the assets names a standard vendor (a comment may cite a document).
    func test_assets_nameNoVendor_outsideComments() throws {
        let names = VendorRegistry.standard.vendors.flatMap {
            [$0.rawValue.lowercased(), VendorRegistry.standard.displayName(of: $0)?.lowercased() ?? $0.rawValue]
        }
        XCTAssertEqual(Set(names), ["tpns", "twinpush"])
        for (file, bytes) in DashboardAssets.files where file.hasSuffix(".js") || file.hasSuffix(".css") {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), !code.hasPrefix("/*"), !code.hasPrefix("*") else { continue }
                for name in names where code.lowercased().contains(name) {
                    XCTFail("\(file):\(number + 1) names \(name): \(code)")
                }
            }
        }
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
        let files = DashboardAssets.files.mapValues { String(decoding: $0, as: UTF8.self) }
        let scripts = files.filter { $0.key.hasSuffix(".js") }
        let styleSheets = files.filter { $0.key.hasSuffix(".css") }
        XCTAssertEqual(
            Set(scripts.keys),
            [
                "admin-api.js", "compose.js", "dashboard.js", "devices.js", "faults.js", "fleet-model.js", "fleet.js",
                "journal.js", "page.js", "world.js",
            ])
        XCTAssertEqual(Set(styleSheets.keys), ["dashboard.css", "fleet.css"])
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
        for (name, script) in scripts {
            for forbidden in ["http://", "https://", "EventSource(\"http", "import("] {
                XCTAssertFalse(script.contains(forbidden), "\(forbidden) in \(name)")
            }
        }
        for (name, styles) in styleSheets {
            XCTAssertFalse(styles.contains("url("), "no fonts or images from anywhere (\(name))")
            XCTAssertFalse(styles.contains("@import"), name)
        }
    }
}
