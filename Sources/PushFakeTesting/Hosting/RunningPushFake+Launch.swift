import PushFakeCore

extension RunningPushFake {
    /// Environment for an app under UI test (`XCUIApplication().launchEnvironment`), read in the app with
    /// `ProcessInfo.processInfo.environment["PUSHFAKE_TPNS_URL"]`. `.live` and `.remote` fakes are reachable from
    /// another process (a `.remote` fake's URLs are its instance's, `…/i/ID/TPNS`).
    ///
    /// | key | value |
    /// |---|---|
    /// | `PUSHFAKE_URL` | the server, e.g. `http://127.0.0.1:40123` (Android TwinPush `serverHost`) |
    /// | `PUSHFAKE_TPNS_URL` | `…/TPNS` (TPNS `registerWithURL:`) |
    /// | `PUSHFAKE_TWINPUSH_URL` | `…/api/v2` (iOS TwinPush `serverURL`) |
    /// | `PUSHFAKE_ADMIN_URL` | `…/__pushfake` |
    ///
    /// Every registered vendor gets its `PUSHFAKE_<NAME>_URL`, the name uppercased.
    public var launchEnvironment: [String: String] {
        var environment = ["PUSHFAKE_URL": baseURL.absoluteString, "PUSHFAKE_ADMIN_URL": adminURL.absoluteString]
        for vendor in backend.vendors.vendors {
            guard let url = baseURL(for: vendor) else { continue }
            environment["PUSHFAKE_\(vendor.rawValue.uppercased())_URL"] = url.absoluteString
        }
        return environment
    }

    /// The same URLs as launch arguments (`-PushFakeTPNSURL …`, each vendor as `-PushFake<DisplayName>URL`), which
    /// land in the app's `UserDefaults`.
    public var launchArguments: [String] {
        var arguments = ["-PushFakeURL", baseURL.absoluteString]
        for vendor in backend.vendors.vendors {
            guard let url = baseURL(for: vendor), let name = backend.vendors.displayName(of: vendor) else { continue }
            arguments += ["-PushFake\(name)URL", url.absoluteString]
        }
        return arguments
    }
}
