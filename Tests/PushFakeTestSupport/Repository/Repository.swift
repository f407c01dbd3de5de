import Foundation

/// Files of this clone that tests read: the README and the guides in docs/ whose examples must keep working, sources
/// a test cannot import (the CLI's), the DocC catalog's articles.
package enum Repository {
    /// The clone's root (the directory of Package.swift), found from this file's place in it.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `path` (relative to the root) as a file URL.
    package static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The text of the file at `path` (relative to the root).
    package static func text(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    /// README.md and the guides in docs/, relative to the root: where documented blocks live.
    package static func documentationFiles() throws -> [String] {
        let guides = try FileManager.default.contentsOfDirectory(atPath: url("docs").path)
        return ["README.md"] + guides.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The fenced block that follows the marker `<!-- check: NAME -->` in README.md or a guide, without its fences —
    /// what `scripts/readme-block NAME` prints. Throws unless exactly one block has the name, so a test that runs a
    /// documented block fails when the block disappears (and `scripts/check-readme` sees the test read it).
    package static func docBlock(_ name: String) throws -> String {
        let marker = "<!-- check: \(name) -->\n```"
        var found: [String] = []
        for path in try documentationFiles() {
            var rest = try text(path)[...]
            while let start = rest.range(of: marker) {
                let fence = rest[start.upperBound...]
                guard let lineEnd = fence.firstIndex(of: "\n") else { break }
                let body = fence[fence.index(after: lineEnd)...]
                guard let end = body.range(of: "```") else { break }
                found.append(String(body[..<end.lowerBound]))
                rest = body[end.upperBound...]
            }
        }
        guard found.count == 1 else {
            throw TestSupportError("\(found.count) blocks marked '\(name)' in README.md and docs/ (want 1)")
        }
        return found[0]
    }
}
