import PushFakeCore
import PushFakeTestSupport
import XCTest

@testable import PushFakeHTTP

/// Every admin answer is one ``WireType``: what a handler writes reads back through the same description to the
/// same bytes, and the schema `openapi.json` publishes for it (the document's components) accepts it.
final class AdminAnswerWireTests: XCTestCase {
    private let check = JSONSchemaCheck(
        components: OpenAPIDocument.make(baseURL: "http://127.0.0.1")["components"]?["schemas"]?.objectValue ?? [:])

    /// An engine with a device, a notification and its delivery, and a fault rule.
    private func busyEngine() throws -> PushFake {
        let fake = PushFake()
        let device =
            #"{"deviceId":"D1","deviceRegistrationId":"cafe","applicationKey":"APP","applicationType":"IOS_SAND"}"#
        fake.send("POST", "/TPNS/api/device/register", json: device)
        let push =
            #"[{"message":"Hi","handlingLevel":1,"applicationKey":"APP","applicationTypes":["IOS_SAND"],"deviceIds":["D1"]}]"#
        fake.send("POST", "/TPNS/api/pushnotifications", json: push)
        let rule = #"{"match":{"vendor":"tpns","operation":"register"},"fault":{"tpnsError":-1001}}"#
        fake.inject(try FaultRuleSpec(json: try JSON.parse(rule), vendors: fake.vendors))
        return fake
    }

    private func assertRoundTrip<Answer: WireType>(
        _ answer: Answer, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let written = answer.wireJSON
        let read = try Answer(wire: written)
        XCTAssertEqual(
            read.wireBytes, answer.wireBytes, "\(Answer.self) reads back to other bytes", file: file, line: line)
        var schemas = WireSchemas()
        let schema = schemas.schema(of: Answer.self)
        XCTAssertNotNil(schema["$ref"], "\(Answer.self) is a named component", file: file, line: line)
        XCTAssertEqual(check.problems(written, schema), [], "\(written.serializedString())", file: file, line: line)
    }

    func test_everyAnswer_readsBackToTheSameBytes_andItsSchemaAcceptsIt() throws {
        let fake = try busyEngine()
        let snapshot = fake.snapshot()
        let entries = fake.journal.entries
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(snapshot.deliveries.count, 1)
        try assertRoundTrip(AdminError("bad"))
        try assertRoundTrip(AdminError("gone", status: 400, instance: "3", knownRoutes: ["GET /x"], files: ["a.js"]))
        let counts = ConnectionCounts(open: 1, max: 2, refused: 3, evicted: 4, broken: 5)
        try assertRoundTrip(HealthAnswer(journal: fake.journalUsage, connections: counts))
        var limited = fake.journalUsage
        limited.limit = 10
        try assertRoundTrip(HealthAnswer(journal: limited, connections: counts))
        try assertRoundTrip(JournalPage(entries: entries, total: 2, dropped: 0))
        try assertRoundTrip(JournalPage(entries: entries, total: 2, dropped: 0, next: .since(2)))
        try assertRoundTrip(JournalPage(entries: entries, total: 2, dropped: 0, next: .end))
        let matcher = try RequestMatcher(json: ["vendor": "tpns"], vendors: fake.vendors)
        try assertRoundTrip(Outcome(Verification.count(matcher, .atLeast(1), in: entries)))
        try assertRoundTrip(Outcome(Verification.count(matcher, .never, in: entries)))
        let difference = try XCTUnwrap(RecordingComparison.compare(recorded: [], entries: entries))
        try assertRoundTrip(
            RecordingOutcome(ok: false, message: difference.description, comparison: difference))
        try assertRoundTrip(fake.clockReading)
        let urls = [WireKeyed("base", "http://h/i/1"), WireKeyed("admin", "http://h/i/1/__pushfake")]
        try assertRoundTrip(
            InstanceList(instances: [
                InstanceAnswer(id: "1", urls: urls, journalLimit: nil),
                InstanceAnswer(id: "2", urls: urls, journalLimit: 5),
            ]))
        try assertRoundTrip(InstanceDeleted(deleted: "1"))
        try assertRoundTrip(snapshot.summary)
        try assertRoundTrip(FaultList(faults: fake.faultRules))
        try assertRoundTrip(FaultRemoved(removed: "fault-1"))
        try assertRoundTrip(DeliveryPage(deliveries: snapshot.deliveries))
        try assertRoundTrip(DeliveryPage(deliveries: snapshot.deliveries, next: .since(1)))
        try assertRoundTrip(DeliveryPage(deliveries: [], next: .end))
        XCTAssertEqual(try DeliveryPage(wire: ["deliveries": [], "count": 0, "next": .null]).next, .end)
        XCTAssertNil(try DeliveryPage(wire: ["deliveries": [], "count": 0]).next, "absent: no limit was asked")
        try assertRoundTrip(VendorViews(views: snapshot.views(.devices).map { WireKeyed($0.vendor.rawValue, $0.json) }))
        let byVendor = fake.vendors.vendors.map { WireKeyed($0.rawValue, fake.vendors.routes(of: $0)) }
        try assertRoundTrip(
            RouteList(vendor: fake.knownRoutes, vendors: byVendor, admin: AdminOperationTable.standard.routeList))
        try assertRoundTrip(JournalCleared(nextSequence: 3))
        try assertRoundTrip(ResetDone())
        try assertRoundTrip(VendorList(fake.vendors))
        try assertRoundTrip(RecordingOutcome(ok: true, message: "the journal matches the recording"))
        try fake.declareApps(["tpns": ["APP"]])
        try assertRoundTrip(fake.appList)
        try assertRoundTrip(fake.snapshot().stateDump)
    }

    /// Health writes its answer straight into bytes: the same bytes as its wire description, with and without a
    /// limit, at zero and at the extremes.
    func test_healthBytes_areTheWireDescriptionsBytes() throws {
        let fake = try busyEngine()
        let usages = [
            fake.journalUsage,
            JournalUsage(entries: 0, totalCount: 0, droppedCount: 0, limit: 0, approximateBytes: 0),
            JournalUsage(entries: 10, totalCount: 99, droppedCount: 89, limit: 10, approximateBytes: 1_234_567),
            JournalUsage(entries: .max, totalCount: .max, droppedCount: .max, limit: .max, approximateBytes: .max),
            JournalUsage(entries: -1, totalCount: .min, droppedCount: .min, limit: -10, approximateBytes: -909),
        ]
        let counts = [
            ConnectionCounts(open: 0, max: 0, refused: 0),
            ConnectionCounts(open: 1, max: 2, refused: 3, evicted: 4, broken: 5),
            ConnectionCounts(open: 9, max: 10, refused: 100, evicted: 1_000, broken: 10_000),
            ConnectionCounts(open: .max, max: .min, refused: -7, evicted: 19, broken: 101),
        ]
        for usage in usages {
            for count in counts {
                let answer = HealthAnswer(journal: usage, connections: count)
                XCTAssertEqual(
                    String(decoding: answer.jsonBytes, as: UTF8.self),
                    String(decoding: answer.wireJSON.serialized(), as: UTF8.self))
            }
        }
    }

    /// The bytes the answers have always had, key order included (FakeBehaviour.md documents these forms).
    func test_answers_keepTheirBytes() throws {
        let fake = try busyEngine()
        let counts = ConnectionCounts(open: 1, max: 2, refused: 3)
        XCTAssertEqual(
            String(decoding: HealthAnswer(journal: fake.journalUsage, connections: counts).wireBytes, as: UTF8.self),
            #"{"status":"ok","journal":{"entries":2,"bytes":\#(fake.journalUsage.approximateBytes),"limit":null,"#
                + #""dropped":0},"connections":{"open":1,"max":2,"refused":3,"evicted":0,"broken":0}}"#)
        XCTAssertEqual(
            fake.clockReading.wireJSON.serializedString(), #"{"now":"2026-01-01T00:00:00.000Z","mode":"fixed"}"#)
        let summary = fake.snapshot().summary.wireJSON.serializedString()
        XCTAssertTrue(
            summary.hasPrefix(#"{"loaded":true,"clock":{"mode":"fixed","now":"2026-01-01T00:00:00.000Z"},"vendors""#),
            summary)
        XCTAssertEqual(
            JournalCleared(nextSequence: 3).wireJSON.serializedString(), #"{"cleared":true,"nextSequence":3}"#)
        XCTAssertEqual(
            Outcome(ok: false, message: "no").wireJSON.serializedString(), #"{"ok":false,"message":"no"}"#)
        XCTAssertEqual(
            RecordingOutcome(ok: true, message: "the journal matches the recording").wireJSON.serializedString(),
            #"{"ok":true,"message":"the journal matches the recording"}"#)
        try fake.declareApps(["tpns": ["APP"]])
        XCTAssertEqual(fake.appList.wireJSON.serializedString(), #"{"tpns":["APP"],"twinPush":[]}"#)
        let dump = fake.snapshot().stateDump.wireJSON
        XCTAssertEqual(dump.objectValue?.keys, ["version", "clock", "ids", "apps", "vendors", "deliveries", "faults"])
        XCTAssertTrue(
            dump.serializedString().hasPrefix(
                #"{"version":1,"clock":{"mode":"fixed","now":"2026-01-01T00:00:00.000Z"},"ids":{"seed":0,"#),
            dump.serializedString())
        XCTAssertEqual(dump["apps"], fake.apps)
        XCTAssertEqual(fake.snapshot().stateDocument(), dump)
    }

    /// What the descriptions refuse, the schemas refuse too: a member no answer has, a missing one, a wrong constant.
    func test_readerAndSchema_refuseTheSameBrokenAnswers() throws {
        var schemas = WireSchemas()
        for (broken, schema, path) in [
            (#"{"reset":true,"extra":1}"#, schemas.schema(of: ResetDone.self), "extra"),
            (#"{"reset":false}"#, schemas.schema(of: ResetDone.self), "reset"),
            (#"{"deliveries":[]}"#, schemas.schema(of: DeliveryPage.self), "count"),
            (#"{"now":"2026-01-01T00:00:00.000Z","mode":"slow"}"#, schemas.schema(of: ClockReading.self), "mode"),
            (#"{"tpns":[],"acme":[]}"#, schemas.schema(of: AppList.self), "acme"),
            (#"{"tpns":"APP"}"#, schemas.schema(of: AppList.self), "tpns"),
        ] {
            let json = try JSON.parse(broken)
            XCTAssertFalse(check.problems(json, schema).isEmpty, broken)
            XCTAssertThrowsError(try readAny(json, as: schema), broken) { error in
                XCTAssertEqual((error as? JSONFieldError)?.path, path, broken)
            }
        }
    }

    private func readAny(_ json: JSON, as schema: JSON) throws {
        switch schema["$ref"]?.stringValue?.split(separator: "/").last {
        case "ResetDone": _ = try ResetDone(wire: json)
        case "DeliveryPage": _ = try DeliveryPage(wire: json)
        case "Apps": _ = try AppList(wire: json)
        default: _ = try ClockReading(wire: json)
        }
    }
}
