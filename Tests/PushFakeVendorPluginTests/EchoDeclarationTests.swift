import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

@testable import pushfake

/// What a plug-in vendor declares besides its routes — a secret header, apps, an upstream name — reaches every part
/// of the product that handles those, with no change outside this test target.
final class EchoDeclarationTests: EchoServerCase {
    private let vendors = try? VendorRegistry.standard.adding(EchoVendor())

    private func serveOptions(_ arguments: [String]) throws -> (ServeOptions, CommandContext<ServeOptions>) {
        guard case .run(let parsed) = try ArgumentParser.parse(["serve"] + arguments, root: CommandTable.root) else {
            throw XCTSkip("asked for help")
        }
        return try ServeOptions.parse(parsed)
    }

    func test_secretHeader_isReplacedInTheRecordingExport() throws {
        _ = try call("POST", "/echo/devices/d1", headers: [("X-Echo-Key", "k-123")])
        _ = try call("POST", "/echo/devices/d2", headers: [("X-Echo-Key", "k-456")])
        let export = try call("GET", "/__pushfake/journal?format=jsonl&device=d1").text
        XCTAssertFalse(export.contains("k-123"), export)
        XCTAssertTrue(export.contains(#"["X-Echo-Key","${secret:echo-key}"]"#), export)
        let lines = server.fake.journal.jsonLines()
        XCTAssertFalse(lines.contains("k-456"), lines)
        XCTAssertTrue(lines.contains(#"["X-Echo-Key","${secret:echo-key-2}"]"#), lines)
    }

    func test_appArgument_isReadByTheVendor_throughTheServeOptions() throws {
        let vendors = try XCTUnwrap(vendors)
        let (options, context) = try serveOptions(["--app", "ECHO:main:k1", "--tpns-app", "KEY"])
        let fake = PushFake(try options.engineConfiguration(context, vendors: vendors), vendors: vendors)
        XCTAssertEqual(fake.apps["echo"], [["name": "main", "key": "k1"]])
        XCTAssertEqual(fake.apps["tpns"], ["KEY"])
        let (bad, badContext) = try serveOptions(["--app", "echo:main"])
        XCTAssertThrowsError(try bad.engineConfiguration(badContext, vendors: vendors)) { error in
            XCTAssertEqual(
                (error as? CommandExit)?.message.components(separatedBy: "\n").first,
                #"--app echo:main: Echo app must be NAME:KEY, not "main""#)
        }
    }

    func test_upstreamArgument_namesThePluginVendor() throws {
        let vendors = try XCTUnwrap(vendors)
        let (options, context) = try serveOptions(["--upstream", "Echo=http://127.0.0.1:9/echo"])
        let upstream = try XCTUnwrap(try options.upstream(context, vendors: vendors))
        XCTAssertEqual(upstream.urls[.echo]?.absoluteString, "http://127.0.0.1:9/echo")
        XCTAssertEqual(
            Serve.upstreamLine(upstream, vendors: vendors),
            "forwarding Echo to http://127.0.0.1:9/echo (mode proxy, timeout 30 s)")
    }

    func test_apps_areDeclaredThroughTheAdminAPI_andRefusedNamingTheBadPart() throws {
        let declared = try call("POST", "/__pushfake/apps", #"{"Echo": [{"name": "a", "key": "b"}]}"#)
        XCTAssertEqual(declared.status, 200, declared.text)
        XCTAssertEqual(try call("GET", "/__pushfake/apps").json?["echo"], [["name": "a", "key": "b"]])
        let refused = try call("POST", "/__pushfake/apps", #"{"echo": [{"name": "a"}]}"#)
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("echo[0].key: is required"), refused.text)
        let instance = try call("POST", "/__pushfake/instances", #"{"apps": {"echo": [{"name": "i", "key": "k"}]}}"#)
        XCTAssertEqual(instance.status, 201, instance.text)
        let badInstance = try call("POST", "/__pushfake/instances", #"{"apps": {"echo": [{"name": "", "key": "k"}]}}"#)
        XCTAssertEqual(badInstance.status, 400)
        XCTAssertTrue(badInstance.text.contains("apps.echo[0].name: must not be empty"), badInstance.text)
    }

    func test_apps_areDeclaredByAStateDocument() throws {
        let fake = try PushFake.withEcho()
        try fake.loadState(["version": 1, "apps": ["echo": [["name": "s", "key": "t"]]]])
        XCTAssertEqual(fake.apps["echo"], [["name": "s", "key": "t"]])
        XCTAssertThrowsError(try fake.loadState(["version": 1, "apps": ["echo": [["name": "s", "key": 3]]]])) {
            XCTAssertTrue("\($0)".contains("echo[0].key"), "\($0)")
        }
    }

    func test_openAPIDocument_describesTheEchoApps() throws {
        let document = try XCTUnwrap(try call("GET", "/__pushfake/openapi.json").json)
        let items = document["components"]?["schemas"]?["Apps"]?["properties"]?["echo"]?["items"]
        XCTAssertEqual(items?["required"], ["name", "key"])
        XCTAssertEqual(items?["properties"]?["key"]?["description"], "The key its clients send in X-Echo-Key.")
    }

    func test_dashboardCard_isServedWithTheVendors() throws {
        let vendors = try XCTUnwrap(try call("GET", "/__pushfake/vendors").json?["vendors"]?.arrayValue)
        XCTAssertEqual(vendors.map { $0["name"] }, ["tpns", "twinPush", "echo"])
        let echo = try XCTUnwrap(vendors.last)
        XCTAssertEqual(echo["displayName"], "Echo")
        XCTAssertEqual(echo["basePath"], "/echo")
        XCTAssertEqual(echo["card"]?["id"], "device")
        XCTAssertEqual(echo["card"]?["facts"], [["label": "said", "member": "said"]])
    }

    /// A plug-in vendor's fleet part reaches the dashboard's fleet view with its card, fits its routes, and is
    /// described in the OpenAPI document: the view counts its devices with no change outside its folder.
    func test_fleetPart_isServedWithTheCard_andFitsTheVendor() throws {
        let vendors = try XCTUnwrap(try call("GET", "/__pushfake/vendors").json?["vendors"]?.arrayValue)
        let echo = try XCTUnwrap(vendors.first { $0["name"] == "echo" })
        XCTAssertEqual(
            echo["card"]?["fleet"],
            ["moves": ["registerDevice": "registered"], "platform": .null, "notification": "notification"])
        XCTAssertEqual(try XCTUnwrap(self.vendors).cardProblems(of: .echo), [])
        let document = try XCTUnwrap(try call("GET", "/__pushfake/openapi.json").json)
        let schema = try XCTUnwrap(document["components"]?["schemas"]?["VendorListEntry"]?["properties"]?["card"])
        let fleet = schema["properties"]?["fleet"]?["anyOf"]?[0]
        XCTAssertEqual(
            fleet?["properties"]?["moves"]?["additionalProperties"]?["enum"],
            ["registered", "foreground", "background", "unregistered", "received", "opened"])
        XCTAssertEqual(SchemaMembers.mismatches(try XCTUnwrap(echo["card"]), schema), [])
    }

    /// A vendor declared in a test target gets a send form on the dashboard: served with its card, fitting its own
    /// routes, and described in the OpenAPI document member for member.
    func test_dashboardSendForm_isServed_andDescribedInOpenAPIMemberForMember() throws {
        let vendors = try XCTUnwrap(try call("GET", "/__pushfake/vendors").json?["vendors"]?.arrayValue)
        let card = try XCTUnwrap(vendors.last?["card"])
        XCTAssertEqual(card["send"]?["route"], "POST /echo/devices/{device}/say")
        XCTAssertEqual(card["send"]?["fields"]?[0]?["inPath"], true)
        XCTAssertEqual(try XCTUnwrap(vendors).count, 3)
        XCTAssertEqual(try XCTUnwrap(self.vendors).cardProblems(of: .echo), [])
        let document = try XCTUnwrap(try call("GET", "/__pushfake/openapi.json").json)
        let schema = try XCTUnwrap(document["components"]?["schemas"]?["VendorListEntry"]?["properties"]?["card"])
        XCTAssertNotNil(schema["properties"]?["send"], "the card's schema describes the send form")
        XCTAssertEqual(SchemaMembers.mismatches(card, schema), [])
        var extra = try XCTUnwrap(card.objectValue)
        extra["send"] = ["route": "POST /echo/devices/{device}/say"]
        XCTAssertFalse(SchemaMembers.mismatches(.object(extra), schema).isEmpty, "a short send form does not fit")
    }
}
