import CPushFakeBuildInfo
import PushFakeCore

/// What `pushfake --version` says: the release and the commit the binary was built from.
///
/// The commit is compiled in by scripts/package (`-Xcc -DPUSHFAKE_COMMIT='"<sha>"'`, read through the
/// CPushFakeBuildInfo header); a plain `swift build` reports `dev`.
enum BuildInfo {
    /// The embedded commit, or `dev`.
    static var commit: String { String(cString: pushfake_build_commit()) }

    /// `pushfake 0.1.0 (commit abc1234)`, or `pushfake 0.1.0 (dev)` for a development build.
    static var versionLine: String {
        let build = commit == "dev" ? "dev" : "commit \(commit)"
        return "pushfake \(PushFakeVersion.current) (\(build))"
    }
}
