import Foundation

/// The `pushfake` executable that `swift build --build-tests` puts next to the test bundle (`.build/debug/pushfake`),
/// and the environment its child processes get.
package enum PushFakeBinary {
    /// Where the built binary is: beside the `.xctest` bundle on macOS, beside the test runner elsewhere.
    package static var url: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("pushfake")
            }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("pushfake")
    }

    /// This process's environment without the variables named in `removing`, plus `adding` (which wins).
    ///
    /// The admin commands read `PUSHFAKE_URL` and `PUSHFAKE_ADMIN_TOKEN`: a test that means to pass `--url` or
    /// `--token` removes them, so a developer's shell cannot change what it checks.
    package static func environment(removing: Set<String> = [], adding: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !removing.contains($0.key) }.merging(adding) { _, added in added }
    }
}
