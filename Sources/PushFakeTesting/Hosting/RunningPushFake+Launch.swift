extension RunningPushFake {
    /// Environment for an app under UI test (`XCUIApplication().launchEnvironment`), read in the app with
    /// `ProcessInfo.processInfo.environment["PUSHFAKE_TPNS_URL"]`. Only `.live` fakes are reachable from another
    /// process.
    ///
    /// | key | value |
    /// |---|---|
    /// | `PUSHFAKE_URL` | the server, e.g. `http://127.0.0.1:40123` (Android TwinPush `serverHost`) |
    /// | `PUSHFAKE_TPNS_URL` | `…/TPNS` (TPNS `registerWithURL:`) |
    /// | `PUSHFAKE_TWINPUSH_URL` | `…/api/v2` (iOS TwinPush `serverURL`) |
    /// | `PUSHFAKE_ADMIN_URL` | `…/__pushfake` |
    public var launchEnvironment: [String: String] {
        [
            "PUSHFAKE_URL": baseURL.absoluteString, "PUSHFAKE_TPNS_URL": tpnsBaseURL.absoluteString,
            "PUSHFAKE_TWINPUSH_URL": twinPushBaseURL.absoluteString, "PUSHFAKE_ADMIN_URL": adminURL.absoluteString,
        ]
    }

    /// The same URLs as launch arguments (`-PushFakeTPNSURL …`), which land in the app's `UserDefaults`.
    public var launchArguments: [String] {
        [
            "-PushFakeURL", baseURL.absoluteString, "-PushFakeTPNSURL", tpnsBaseURL.absoluteString,
            "-PushFakeTwinPushURL", twinPushBaseURL.absoluteString,
        ]
    }
}
