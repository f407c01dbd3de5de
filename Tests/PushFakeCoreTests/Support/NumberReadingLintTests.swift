import Foundation
import XCTest

/// Vendor code interprets numbers from requests only through the declared-field readers (``VendorField``, issue
/// 16), so that every number a route reads is in its table, traced by `VendorFieldCoverageTests` and sent boundary
/// values by the boundary-value tests. A handler that reads `.intValue` or parses `Int(text)` itself would add a
/// numeric field nobody declared: this scan of `Sources/PushFakeCore/Vendors` refuses it.
final class NumberReadingLintTests: XCTestCase {
    /// What interprets a JSON value or a text as a number.
    private static let patterns = [
        #"\.intValue"#, #"\.doubleValue"#, #"case \.int\b"#, #"case \.double\b"#, #"\(\.[a-zA-Z]+, \.int\b"#,
        #"\(\.[a-zA-Z]+, \.double\b"#, #"\bInt(8|16|32|64)?\("#, #"\bDouble\("#, #"\bUInt(16|32|64)?\("#,
        #"\bUInt8\((?!ascii:)"#,
    ]

    /// Files that may, and why.
    private static let allowed: [String: String] = [
        "TwinPushBadge.swift": "parses the declared badge fields",
        "TwinPushPagination.swift": "parses the declared page and per_page fields",
        "TwinPushPropertyValue.swift": "coerces the declared custom property value to its type",
        "TwinPushWire.swift": "writes answers (the fake's own ids as numbers), reads no request",
        "TPNSVendor.swift": "reads the tpnsError fault key of the admin API, not a route's request",
        "TPNSState.swift": "converts a fault's delay, already bounded, to nanoseconds",
        "PushFakeConfiguration+JSON.swift": "reads configuration JSON (instances, state documents), range-checked",
    ]

    func test_vendorSources_interpretNumbersOnlyThroughDeclaredFields() throws {
        let vendors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Sources/PushFakeCore/Vendors")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: vendors, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 20)
        let expressions = try Self.patterns.map { try NSRegularExpression(pattern: $0) }
        for file in files where Self.allowed[file.lastPathComponent] == nil {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let code = String(
                    line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                let range = NSRange(code.startIndex..., in: code)
                for expression in expressions where expression.firstMatch(in: code, range: range) != nil {
                    XCTFail(
                        "\(file.lastPathComponent):\(number + 1) interprets a number itself (\(expression.pattern)): "
                            + "read it through a declared VendorField (TPNSFields, TwinPushFields): \(line)")
                }
            }
        }
    }

    func test_lint_findsANumberReadItWouldRefuse() throws {
        let expressions = try Self.patterns.map { try NSRegularExpression(pattern: $0) }
        for line in [
            #"let level = body["priority"]?.intValue"#, #"guard let code = Int(text)"#, "case .double(let value)?:",
            "case (.integer, .int), (.float, .double):", "let wide = Int64(value)",
        ] {
            let range = NSRange(line.startIndex..., in: line)
            XCTAssertTrue(expressions.contains { $0.firstMatch(in: line, range: range) != nil }, line)
        }
        for line in [#"return .json(200, ["badge": .int(badge)])"#, "let count = items.count"] {
            let range = NSRange(line.startIndex..., in: line)
            XCTAssertFalse(expressions.contains { $0.firstMatch(in: line, range: range) != nil }, line)
        }
    }
}
