import Foundation

/// Files of this clone that tests read: the README and the guides whose examples must keep working, sources a test
/// cannot import (the CLI's), the DocC catalog's articles.
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
}
