import PushFakeTestSupport
import XCTest

@testable import PushFakeCore
@testable import PushFakeHTTP

/// An instance's configuration (`POST /__pushfake/instances`) is a ``WireType``: it reads back to the same bytes,
/// its reader and the `InstanceCreate` component of `openapi.json` refuse the same forms, and its seed takes every
/// `UInt64`.
final class InstanceConfigurationWireTests: XCTestCase {
    private let wire = WireViewCheck()
    private var check: JSONSchemaCheck { wire.schema }

    func test_instanceConfiguration_readsBackToTheSameBytes_andReaderAndSchemaAgree() throws {
        let text =
            #"{"seed":"9007199254740993","clock":{"mode":"fixed","start":"2026-01-01T00:00:00.000Z"},"#
            + #""stateChecks":true,"journalLimit":5,"apps":{"tpns":["K"]}}"#
        for json: JSON in [try JSON.parse(text), ["clock": ["mode": "real"]], [:]] {
            let configuration = try PushFakeConfiguration(json: json)
            try wire.assertRoundTrip(configuration, named: "InstanceCreate")
        }
        XCTAssertEqual(try PushFakeConfiguration(json: JSON.parse(text)).wireBytes, Array(text.utf8))
        let cases: [(JSON, String)] = [
            (
                ["clock": ["mode": "real", "start": "2026-01-01T00:00:00Z"]],
                "clock.start: is only for a fixed clock (a real clock starts at the wall time)"
            ),
            (["clock": ["mode": "slow"]], #"clock.mode: must be fixed or real, not "slow""#),
            (["apps": 1], "apps: must be an object of apps by vendor, not 1"),
            (
                ["seed": -1],
                "seed: must be an integer from 0 to 18446744073709551615 (above 2^53 as a decimal string), not -1"
            ),
        ]
        for (broken, message) in cases {
            XCTAssertFalse(check.problems(broken, WireSchemas.ref("InstanceCreate")).isEmpty, "\(broken)")
            XCTAssertThrowsError(try PushFakeConfiguration(json: broken), "\(broken)") { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    /// A seed is a `UInt64`: the reader takes every decimal string up to 18446744073709551615, 20 digits included,
    /// and the schema's pattern takes exactly those; one more is refused by both, the reader naming `seed`.
    func test_instanceConfiguration_seedString_readerAndSchemaAgreeUpToUInt64Max() throws {
        let maximum = String(UInt64.max)
        // Each digit of the maximum changed to every other digit, alone and followed by all 0s and all 9s: the
        // strings just below and just above the limit at every position.
        var texts = [maximum, "10000000000000000000", "18446744073709551616", "99999999999999999999", "0", "007"]
        texts += ["000" + maximum, "000" + "18446744073709551616", "100000000000000000000"]
        let digits = Array(maximum)
        for position in digits.indices {
            for digit in "0123456789" {
                var changed = digits
                changed[position] = digit
                texts.append(String(changed))
                for filler: Character in ["0", "9"] {
                    changed.replaceSubrange((position + 1)..., with: repeatElement(filler, count: 19 - position))
                    texts.append(String(changed))
                }
            }
        }
        for text in texts {
            let json: JSON = ["seed": .string(text)]
            let schemaProblems = check.problems(json, WireSchemas.ref("InstanceCreate"))
            if let seed = UInt64(text) {
                XCTAssertEqual(schemaProblems, [], text)
                XCTAssertEqual(try PushFakeConfiguration(json: json).seed, seed, text)
            } else {
                XCTAssertFalse(schemaProblems.isEmpty, text)
                XCTAssertThrowsError(try PushFakeConfiguration(json: json), text) { error in
                    XCTAssertEqual((error as? JSONFieldError)?.path, "seed", text)
                }
            }
        }
        XCTAssertEqual(try PushFakeConfiguration(json: ["seed": .string(maximum)]).seed, UInt64.max)
        XCTAssertEqual(
            try PushFakeConfiguration(json: ["seed": "10000000000000000000"]).seed, 10_000_000_000_000_000_000)
        XCTAssertThrowsError(try PushFakeConfiguration(json: ["seed": "18446744073709551616"])) { error in
            XCTAssertEqual(
                "\(error)",
                #"seed: must be an integer from 0 to 18446744073709551615 (above 2^53 as a decimal string), not "#
                    + #""18446744073709551616""#)
        }
        XCTAssertFalse(check.problems(["seed": "18446744073709551616"], WireSchemas.ref("InstanceCreate")).isEmpty)
    }
}
