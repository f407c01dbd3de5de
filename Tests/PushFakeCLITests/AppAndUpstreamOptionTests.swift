import PushFakeCore
import XCTest

@testable import pushfake

/// `--app vendor:…` and `--upstream vendor=URL`: generic flags read by the vendors, with today's vendor-named flags
/// as aliases of them.
final class AppAndUpstreamOptionTests: XCTestCase {
    private func serveOptions(_ arguments: [String]) throws -> (ServeOptions, CommandContext<ServeOptions>) {
        guard case .run(let parsed) = try ArgumentParser.parse(["serve"] + arguments, root: CommandTable.root) else {
            throw XCTSkip("asked for help")
        }
        return try ServeOptions.parse(parsed)
    }

    private func usage(_ arguments: [String]) -> String {
        do {
            let (options, context) = try serveOptions(arguments)
            _ = try options.engineConfiguration(context)
            _ = try options.upstream(context)
            return "no error"
        } catch let exit as CommandExit {
            return exit.message.components(separatedBy: "\n").first ?? ""
        } catch {
            return "\(error)"
        }
    }

    func test_app_declaresEachVendorsApps_inAnyCase_andTheAliasesAddToThem() throws {
        let (options, context) = try serveOptions([
            "--app", "TPNS:K1", "--app", "twinpush:ID:A:C", "--tpns-app", "K2", "--twinpush-app", "ID2:A2:C2",
        ])
        let apps = try options.engineConfiguration(context).jsonValue["apps"]
        XCTAssertEqual(
            apps,
            [
                "tpns": ["K1", "K2"],
                "twinPush": [
                    ["id": "ID", "apiToken": "A", "creatorToken": "C"],
                    ["id": "ID2", "apiToken": "A2", "creatorToken": "C2"],
                ],
            ])
    }

    func test_app_refusesBadValues_namingTheFlagTheValueAndTheVendor() {
        XCTAssertEqual(
            usage(["--app", "twinpush:a:b"]),
            #"--app twinpush:a:b: TwinPush app must be ID:API-TOKEN:CREATOR-TOKEN, not "a:b""#)
        XCTAssertEqual(
            usage(["--app", "acme:x"]), #"--app acme:x: "acme" is not a registered vendor; use tpns or twinPush"#)
        XCTAssertEqual(usage(["--app", "tpns:"]), #"--app tpns:: TPNS app must be KEY, not """#)
        XCTAssertEqual(
            usage(["--app", "nokey"]),
            "--app takes vendor:app (a vendor name, a colon, the vendor's form of an app), not nokey")
    }

    func test_upstream_takesVendorEqualsURL_inAnyCase_andTheAliasesAreTheSame() throws {
        let (options, context) = try serveOptions([
            "--upstream", "TwinPush=https://t.example/api/v2", "--upstream-tpns", "https://p.example/TPNS",
        ])
        let upstream = try XCTUnwrap(try options.upstream(context))
        XCTAssertEqual(upstream.urls[.twinPush]?.absoluteString, "https://t.example/api/v2")
        XCTAssertEqual(upstream.urls[.tpns]?.absoluteString, "https://p.example/TPNS")
        XCTAssertEqual(
            Serve.upstreamLine(upstream, vendors: .standard),
            "forwarding TPNS to https://p.example/TPNS, TwinPush to https://t.example/api/v2 (mode proxy, timeout 30 s)"
        )
    }

    func test_upstream_refusesUnknownVendorsAndRepeats_namingThem() {
        XCTAssertEqual(
            usage(["--upstream", "acme=https://x"]),
            #"--upstream acme=…: "acme" is not a registered vendor; use tpns, twinpush"#)
        XCTAssertEqual(
            usage(["--upstream", "tpns=https://x", "--upstream-tpns", "https://y"]),
            "--upstream gives tpns more than one URL")
        XCTAssertEqual(
            usage(["--upstream", "https://x"]),
            "--upstream takes vendor=url (twinpush=https://app.twinpush.com/api/v2), not https://x")
    }
}
