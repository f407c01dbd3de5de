extension VendorRegistry {
    /// TPNS and TwinPush, in that order: what ``PushFake/init(_:vendors:)`` serves unless told otherwise.
    public static let standard = VendorRegistry(
        trusting: [RegisteredVendor(TPNSVendor()), RegisteredVendor(TwinPushVendor())])
}
