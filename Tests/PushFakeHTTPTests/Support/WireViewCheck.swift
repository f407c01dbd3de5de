import PushFakeCore
import XCTest

@testable import PushFakeHTTP

/// The checks of a view that is a ``WireType``: it reads back through its description to the same bytes, the
/// component `openapi.json` publishes for it accepts it, and what the reader refuses, that component refuses.
struct WireViewCheck {
    /// The checker over `openapi.json`'s components.
    let schema = JSONSchemaCheck(
        components: OpenAPIDocument.make(baseURL: "http://127.0.0.1")["components"]?["schemas"]?.objectValue ?? [:])

    /// Writes `view`, reads it back and checks the bytes and the component `name`; returns what was read.
    @discardableResult
    func assertRoundTrip<View: WireType>(
        _ view: View, named name: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> View {
        let written = view.wireJSON
        let read = try View(wire: written)
        XCTAssertEqual(read.wireBytes, view.wireBytes, "\(View.self) reads back to other bytes", file: file, line: line)
        var schemas = WireSchemas()
        let reference = schemas.schema(of: View.self)
        XCTAssertEqual(reference, WireSchemas.ref(name), file: file, line: line)
        XCTAssertEqual(schema.problems(written, reference), [], "\(written.serializedString())", file: file, line: line)
        return read
    }

    /// Checks that the component `name` refuses `json` and that the reader refuses it at `path`.
    func assertRefused<View: WireType>(
        _ json: JSON, as type: View.Type, at path: String, named name: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertFalse(
            schema.problems(json, WireSchemas.ref(name)).isEmpty, json.serializedString(), file: file, line: line)
        XCTAssertThrowsError(try View(wire: json), json.serializedString(), file: file, line: line) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, path, "\(error)", file: file, line: line)
        }
    }

    /// Round-trips the engine's `GET /__pushfake/devices` and `/notifications` answers (`DeviceViews`,
    /// `NotificationViews`).
    func assertViewsRoundTrip(_ fake: PushFake, file: StaticString = #filePath, line: UInt = #line) throws {
        let snapshot = fake.snapshot()
        try assertRoundTrip(
            DeviceViews(views: snapshot.views(.devices).map { WireKeyed($0.vendor.rawValue, $0.json) }),
            named: "DeviceViews", file: file, line: line)
        try assertRoundTrip(
            NotificationViews(views: snapshot.views(.notifications).map { WireKeyed($0.vendor.rawValue, $0.json) }),
            named: "NotificationViews", file: file, line: line)
    }
}
