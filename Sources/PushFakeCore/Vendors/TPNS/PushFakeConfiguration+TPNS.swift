extension PushFakeConfiguration {
    private enum StateChecks: VendorSettingKey { static let defaultValue = false }
    private enum Apps: VendorSettingKey { static let defaultValue: [String] = [] }
    private enum RequireRegistrationID: VendorSettingKey { static let defaultValue = false }

    /// Enforce the TPNS SDK's state machine server-side (-1000 / -1001 / -1002). Off by default.
    public var stateChecks: Bool {
        get { self[StateChecks.self] }
        set { self[StateChecks.self] = newValue }
    }

    /// Declared TPNS application keys. Empty: any key is auto-provisioned on first use.
    public var tpnsApps: [String] {
        get { self[Apps.self] }
        set { self[Apps.self] = newValue }
    }

    /// Answer a TPNS register without a usable `deviceRegistrationId` with 422 instead of accepting it.
    public var tpnsRequireRegistrationID: Bool {
        get { self[RequireRegistrationID.self] }
        set { self[RequireRegistrationID.self] = newValue }
    }
}
