import Foundation
import PushFakeTestSupport
import XCTest

/// An article of the DocC catalog (`Sources/PushFakeCore/PushFakeCore.docc/`), read from the clone, so a test can
/// check that the code and the article say the same thing.
struct DocCArticle {
    let text: String

    /// Reads `<name>.md`, failing the test when it cannot.
    init(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = Repository.url("Sources/PushFakeCore/PushFakeCore.docc/\(name).md")
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            XCTFail("cannot read \(url.path): \(error)", file: file, line: line)
            text = ""
        }
    }

    /// The text under the heading `## <chapter>`, then under `### <section>` within it (up to the next heading of
    /// the same or a higher level); `""` when either is missing.
    func section(_ chapter: String, _ section: String) -> String {
        let inChapter = Self.part(of: text, heading: "## " + chapter, stopAt: ["\n## "])
        return Self.part(of: inChapter, heading: "### " + section, stopAt: ["\n## ", "\n### "])
    }

    /// The table rows (lines starting `|`) of `text` as their cells, trimmed.
    static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").filter { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    private static func part(of text: String, heading: String, stopAt ends: [String]) -> String {
        guard let start = text.range(of: "\n" + heading + "\n") else { return "" }
        let rest = text[start.upperBound...]
        let end = ends.compactMap { rest.range(of: $0)?.lowerBound }.min() ?? rest.endIndex
        return String(rest[..<end])
    }
}
