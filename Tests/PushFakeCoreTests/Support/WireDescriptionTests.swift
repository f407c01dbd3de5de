import PushFakeCore
import XCTest

/// A small type described once, as an admin input or answer would be.
private struct Sample: WireType, Equatable {
    enum Mode: String, CaseIterable, Sendable { case fixed, real }

    var name = ""
    var size = 0
    var label: String?
    var mode = Mode.fixed
    var points: [Point] = []

    struct Point: WireType, Equatable {
        var x = 0
        static let wire = WireDescription<Point>(Point(), fields: [.required("x", \.x, .int(in: 0...10))])
    }

    static let wire = WireDescription<Sample>(
        name: "Sample", Sample(),
        fields: [
            .required("name", \.name, .text, "What it is called."),
            .required("size", \.size, .int(in: 1...5)),
            .optional("label", \.label, .string),
            .defaulted("mode", \.mode, .choice),
            .defaulted("points", \.points, .array(.wire()), omitted: \.isEmpty),
        ])
}

final class WireDescriptionTests: XCTestCase {
    private func error(_ json: JSON) -> JSONFieldError? {
        do {
            _ = try Sample(wire: json)
            return nil
        } catch {
            return error
        }
    }

    func test_wireDescription_readsRequiredOptionalAndDefaults_whenInputIsValid() throws {
        let sample = try Sample(wire: ["name": "a", "size": 2, "label": .null, "points": [["x": 3]]])
        XCTAssertEqual(sample, Sample(name: "a", size: 2, label: nil, mode: .fixed, points: [.init(x: 3)]))
    }

    func test_wireDescription_namesTheKey_whenUnknownMissingOrRepeated() {
        XCTAssertEqual(
            error(["name": "a", "size": 2, "colour": "red"])?.description,
            "colour: is not a known field; use name, size, label, mode or points")
        XCTAssertEqual(error(["size": 2])?.description, "name: is required")
        XCTAssertEqual(error(["name": "", "size": 2])?.description, "name: must not be empty")
    }

    func test_wireDescription_namesTheNestedPath_whenAValueIsOutOfRange() {
        XCTAssertEqual(
            error(["name": "a", "size": 2, "points": [["x": 1], ["x": 11]]])?.path, "points[1].x")
        XCTAssertEqual(error(["name": "a", "size": 9])?.problem, "must be an integer from 1 to 5, not 9")
        XCTAssertEqual(error(["name": "a", "size": 1, "mode": "slow"])?.problem, "must be fixed or real, not \"slow\"")
    }

    func test_wireDescription_writesFieldsInDeclaredOrder_whenWriting() {
        let sample = Sample(name: "a", size: 2, label: "l", mode: .real, points: [])
        XCTAssertEqual(sample.wireJSON.serializedString(), #"{"name":"a","size":2,"label":"l","mode":"real"}"#)
        XCTAssertEqual(try Sample(wire: sample.wireJSON), sample)
    }

    func test_wireDescription_schemaIsClosedAndNamed_whenDescribed() throws {
        var schemas = WireSchemas()
        XCTAssertEqual(schemas.schema(of: Sample.self), ["$ref": "#/components/schemas/Sample"])
        let schema = try XCTUnwrap(schemas.components["Sample"])
        XCTAssertEqual(schema["additionalProperties"], false)
        XCTAssertEqual(schema["required"], ["name", "size"])
        XCTAssertEqual(
            schema["properties"]?["size"], ["type": "integer", "minimum": 1, "maximum": 5])
        XCTAssertEqual(schema["properties"]?["name"]?["description"], "What it is called.")
        XCTAssertEqual(
            schema["properties"]?["mode"], ["anyOf": [["enum": ["fixed", "real"]], ["type": "null"]]])
    }

    func test_waitRequest_readsThroughItsDescription_whenTimeoutIsOutOfRange() {
        XCTAssertThrowsError(try WaitRequest(json: ["match": [:], "timeout": 1e9])) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, "timeout")
        }
        XCTAssertEqual(try WaitRequest(json: ["match": ["vendor": "tpns"]]).timeout, 10)
    }

    func test_deliveryProblem_roundTripsThroughItsDescription_whenWrittenAndRead() throws {
        let problem = DeliveryProblem(
            severity: .rejected, code: "MessageTooBig", message: "too big", limit: "4096 bytes", measured: "5000 bytes")
        XCTAssertEqual(
            problem.jsonValue.serializedString(),
            #"{"severity":"rejected","code":"MessageTooBig","message":"too big","limit":"4096 bytes","measured":"5000 bytes"}"#
        )
        XCTAssertEqual(try DeliveryProblem(json: problem.jsonValue), problem)
    }
}
