import PushFakeTestSupport
import XCTest

@testable import PushFakeCore
@testable import PushFakeHTTP

/// Core's JSON views are ``WireType``s: every shape a view takes reads back through its description to the same
/// bytes, and the component `openapi.json` publishes for it accepts it; what the reader refuses, the schema refuses.
final class CoreViewWireTests: XCTestCase {
    private let check = JSONSchemaCheck(
        components: OpenAPIDocument.make(baseURL: "http://127.0.0.1")["components"]?["schemas"]?.objectValue ?? [:])

    private func assertRoundTrip<View: WireType>(
        _ view: View, named name: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let written = view.wireJSON
        let read = try View(wire: written)
        XCTAssertEqual(read.wireBytes, view.wireBytes, "\(View.self) reads back to other bytes", file: file, line: line)
        var schemas = WireSchemas()
        let schema = schemas.schema(of: View.self)
        XCTAssertEqual(schema, WireSchemas.ref(name), file: file, line: line)
        XCTAssertEqual(check.problems(written, schema), [], "\(written.serializedString())", file: file, line: line)
    }

    private func assertRefused<View: WireType>(
        _ json: JSON, as type: View.Type, at path: String, named name: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertFalse(
            check.problems(json, WireSchemas.ref(name)).isEmpty, json.serializedString(), file: file, line: line)
        XCTAssertThrowsError(try View(wire: json), json.serializedString(), file: file, line: line) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, path, "\(error)", file: file, line: line)
        }
    }

    /// A delivery of every shape: delivered, failed with problems, with APNs headers, notes and times, a payload
    /// that is no JSON.
    private func deliveries() -> [Delivery] {
        let start = FakeClock.defaultEpoch
        let plain = Delivery(
            id: "3000000000000001", vendor: .tpns, app: "APP", notificationID: "5000000000000001", deviceID: "D1",
            platform: .iosSandbox, token: "cafe", payload: Array(#"{"aps":{"alert":"Hi"}}"#.utf8), createdAt: start)
        var failed = Delivery(
            id: "3000000000000002", vendor: .twinPush, app: "", notificationID: "2", deviceID: "D2",
            platform: .android, token: nil, payload: Array("not json".utf8), status: .failed(reason: "BadDeviceToken"),
            createdAt: start, apns: Delivery.APNsHeaders(pushType: "background", priority: 5))
        failed.problems = [
            DeliveryProblem(severity: .rejected, code: "BadDeviceToken", message: "m", limit: "l", measured: "x")
        ]
        failed.notes = ["the simulator push failed"]
        var opened = plain
        opened.receivedAt = start.addingTimeInterval(1)
        opened.openedAt = start.addingTimeInterval(2.5)
        return [plain, failed, opened]
    }

    func test_delivery_everyShapeReadsBackToTheSameBytes_andItsSchemaAcceptsIt() throws {
        for delivery in deliveries() {
            try assertRoundTrip(delivery, named: "Delivery")
            XCTAssertEqual(try Delivery(json: delivery.jsonValue), delivery)
        }
        XCTAssertEqual(
            deliveries()[0].jsonValue.serializedString(),
            #"{"id":"3000000000000001","vendor":"tpns","app":"APP","notificationId":"5000000000000001","#
                + #""deviceId":"D1","platform":"ios_sandbox","token":"cafe","payload":{"aps":{"alert":"Hi"}},"#
                + #""payloadBytes":22,"status":"delivered","createdAt":"2026-01-01T00:00:00.000Z","receivedAt":null,"#
                + #""openedAt":null}"#)
    }

    func test_delivery_readerAndSchema_refuseTheSameBrokenForms() throws {
        guard case .object(let good) = deliveries()[0].jsonValue else { return XCTFail("not an object") }
        for (key, value) in [("extra", JSON.int(1)), ("platform", "windows"), ("status", "lost"), ("id", "")] {
            var broken = good
            broken[key] = value
            assertRefused(.object(broken), as: Delivery.self, at: key, named: "Delivery")
        }
        var missing = good
        missing["createdAt"] = nil
        assertRefused(.object(missing), as: Delivery.self, at: "createdAt", named: "Delivery")
        var failedWithoutReason = good
        failedWithoutReason["status"] = "failed"
        XCTAssertThrowsError(try Delivery(wire: .object(failedWithoutReason))) { error in
            XCTAssertEqual("\(error)", "reason: is required")
        }
    }
}
