import XCTest

@testable import pushfake

/// The typed option declarations: parsing fills the struct in command-line order, rules check values where they
/// enter, `--no-<flag>` undoes an invertible flag (the last one given wins), aliases and options described by data
/// parse like declared ones, and help shows all of it.
final class TypedOptionsTests: XCTestCase {
    private struct Inner: ParsableOptions {
        var url: String?
        static var options: [Option<Self>] { [.value("--url", \.url, "url", .text, "The server")] }
    }

    private enum Mode: String, Sendable, CaseIterable, SingleOptionValue {
        case fixed
        case real
    }

    private struct Sample: ParsableOptions {
        var inner = Inner()
        var port = 0
        var limit: Int?
        var mode = Mode.fixed
        var apps: [String] = []
        var quiet = false
        var once = false
        var color = true
        var file = ""
        var query = DescribedValues()

        static let status = OptionDescription(
            name: "--status", placeholder: "status", help: "Only this status", kind: .integer(100...599))
        static let format = OptionDescription(
            name: "--format", placeholder: "format", help: "The format", kind: .choice(["json", "har"]))
        static let unmatched = OptionDescription(name: "--unmatched", placeholder: "", help: "Unmatched", kind: .flag)

        static var options: [Option<Self>] {
            Inner.options.within(\.inner) + [
                .value(
                    "--port", \.port, "port", .integer(in: 0...65_535), aliases: [OptionAlias(name: "--listen-port")],
                    "Port"),
                .value("--limit", \.limit, "n", .integer(in: 1...10), "Limit"),
                .value("--mode", \.mode, "mode", .choice(Mode.self), "Mode"),
                .value(
                    "--app", \.apps, "vendor:key", .text,
                    aliases: [OptionAlias(name: "--tpns-app", valuePrefix: "tpns:", value: "key")], "An app"),
                .flag("--quiet", short: "-q", \.quiet, invertible: true, "Quiet"),
                .flag("--once", \.once, "Once"),
                .flag("--color", \.color, "Colour"),
                .described(status, into: \.query), .described(format, into: \.query),
                .described(unmatched, into: \.query),
            ]
        }

        static var arguments: [Argument<Self>] { [.required("file", \.file, .file, "A file")] }
    }

    private let command = CommandSpec(
        path: ["sample"], summary: "A sample.", options: Sample.self, run: { _, _ throws(CommandExit) in })

    private func parse(_ arguments: [String]) throws -> (Sample, CommandContext<Sample>) {
        let root = CommandSpec(path: [], summary: "Root.", options: NoOptions.self, subcommands: [command])
        guard case .run(let parsed) = try ArgumentParser.parse(["sample"] + arguments, root: root) else {
            throw XCTSkip("asked for help")
        }
        return try Sample.parse(parsed)
    }

    private func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch let exit as CommandExit {
            XCTAssertEqual(exit.code, .usage)
            return exit.message.components(separatedBy: "\n").first
        } catch {
            return "\(error)"
        }
    }

    func test_parse_fillsTheTypedProperties_whenOptionsAreGiven() throws {
        let (options, _) = try parse([
            "f.txt", "--url", "http://x", "--port=8089", "--limit", "3", "--mode", "real", "--app", "a:1", "--app",
            "b:2",
        ])
        XCTAssertEqual(options.inner.url, "http://x")
        XCTAssertEqual(options.port, 8089)
        XCTAssertEqual(options.limit, 3)
        XCTAssertEqual(options.mode, .real)
        XCTAssertEqual(options.apps, ["a:1", "b:2"])
        XCTAssertEqual(options.file, "f.txt")
        XCTAssertFalse(options.quiet)
    }

    func test_parse_keepsDefaults_whenOptionsAreLeftOut() throws {
        let (options, context) = try parse(["f.txt"])
        XCTAssertEqual(options.port, 0)
        XCTAssertNil(options.limit)
        XCTAssertEqual(options.mode, .fixed)
        XCTAssertEqual(options.query, DescribedValues())
        XCTAssertFalse(context.isGiven(\.port))
    }

    func test_rules_refuseValues_withMessagesNamingTheOption() {
        XCTAssertEqual(usageMessage(["f", "--port", "70000"]), "--port must be a number in 0...65535, not 70000")
        XCTAssertEqual(usageMessage(["f", "--limit", "x"]), "--limit must be a number in 1...10, not x")
        XCTAssertEqual(usageMessage(["f", "--mode", "sundial"]), "--mode must be one of fixed, real, not sundial")
        XCTAssertEqual(usageMessage(["f", "--status", "99"]), "--status must be a number in 100...599, not 99")
        XCTAssertEqual(usageMessage(["f", "--format", "xml"]), "--format must be one of json, har, not xml")
        XCTAssertEqual(usageMessage(["f", "--bogus"]), "unknown option --bogus")
        XCTAssertEqual(usageMessage(["f", "--once", "--once"]), "--once is given more than once")
        XCTAssertEqual(usageMessage(["f", "--no-once"]), "unknown option --no-once")
        XCTAssertEqual(usageMessage(["f", "--no-quiet=1"]), "--no-quiet is a flag and takes no value")
        XCTAssertEqual(usageMessage([]), "missing <file>")
    }

    func test_invertibleFlag_takesTheLastOneGiven_whenBothAreGiven() throws {
        XCTAssertFalse(try parse(["f", "--quiet", "--no-quiet"]).0.quiet)
        XCTAssertTrue(try parse(["f", "--no-quiet", "-q"]).0.quiet)
        XCTAssertTrue(try parse(["f", "--quiet", "--quiet"]).0.quiet)
        XCTAssertTrue(try parse(["f"]).0.color)
        XCTAssertFalse(try parse(["f", "--no-color"]).0.color)
        let (options, context) = try parse(["f", "--no-quiet"])
        XCTAssertFalse(options.quiet)
        XCTAssertTrue(context.isGiven(\.quiet))
    }

    func test_aliasWithPrefix_fillsTheOptionWithItsValuePrefixed() throws {
        let (options, _) = try parse(["f", "--tpns-app", "KEY", "--app", "twinpush:ID:A:C"])
        XCTAssertEqual(options.apps, ["tpns:KEY", "twinpush:ID:A:C"])
        XCTAssertEqual(try parse(["f", "--listen-port", "7"]).0.port, 7)
        XCTAssertEqual(
            usageMessage(["f", "--listen-port", "-1"]), "--listen-port must be a number in 0...65535, not -1")
    }

    func test_describedOptions_areReadTyped_inTheOrderGiven() throws {
        let (options, _) = try parse(["f", "--status", "404", "--unmatched", "--format", "har"])
        XCTAssertEqual(options.query.integer(Sample.status), 404)
        XCTAssertEqual(options.query.text(Sample.format), "har")
        XCTAssertTrue(options.query.flag(Sample.unmatched))
        XCTAssertEqual(options.query.entries.map(\.name), ["--status", "--unmatched", "--format"])
        XCTAssertEqual(options.query.entries.map(\.value.text), ["404", "true", "har"])
    }

    func test_context_namesTheFirstOptionGiven_throughGroups() throws {
        let (_, context) = try parse(["f", "--limit", "2", "--url", "http://x"])
        XCTAssertTrue(context.isGiven(\.inner.url))
        XCTAssertEqual(context.firstGiven([\.port, \.inner.url, \.limit]), "--url")
        XCTAssertNil(context.firstGiven([\.port, \.mode]))
    }

    func test_help_showsInversionAliasesAndRepeatable_fromTheDeclarations() {
        let help = Help.text(command)
        XCTAssertTrue(
            help.contains("  -q, --quiet/--no-quiet      Quiet (--no-quiet undoes it; the last one given wins)"), help)
        XCTAssertTrue(
            help.contains("An app (--tpns-app <key> means --app tpns:<key>) (repeatable)"), help)
        XCTAssertTrue(
            help.contains("  --port, --listen-port <port>\n" + String(repeating: " ", count: 30) + "Port"), help)
        XCTAssertTrue(help.contains("  --status <status>           Only this status"), help)
        XCTAssertTrue(
            help.contains(
                "  --color/--no-color          Colour (on by default) (--no-color undoes it; the last one given wins)"),
            help)
        XCTAssertTrue(help.contains("  --unmatched                 Unmatched"), help)
        XCTAssertTrue(help.contains("USAGE: pushfake sample [<options>] <file>"), help)
    }

    func test_queryOptions_buildTheAdminQuery_inTheTableOrder() throws {
        let arguments = [
            "journal", "--redact-app-keys", "--since", "3", "--unmatched", "--format", "har", "--status", "200",
        ]
        guard case .run(let parsed) = try ArgumentParser.parse(arguments, root: CommandTable.root) else {
            return XCTFail("asked for help")
        }
        let (options, _) = try ServerAndQuery<JournalQuery>.parse(parsed)
        XCTAssertEqual(
            options.query.map { "\($0)=\($1)" },
            ["format=har", "status=200", "since=3", "unmatched=true", "redactAppKeys=true"])
        XCTAssertEqual(JournalQuery.queryOptions.last?.description.name, "--redact-app-keys")
    }
}
