extension PushFakeConfiguration {
    private enum Apps: VendorSettingKey { static let defaultValue: [TwinPushApp] = [] }

    /// Declared TwinPush apps. Empty: any app id is auto-provisioned, tokens are not checked.
    public var twinPushApps: [TwinPushApp] {
        get { self[Apps.self] }
        set { self[Apps.self] = newValue }
    }
}
