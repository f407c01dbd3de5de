extension Vendor {
    /// TwinPush, under `/api/v2/…`.
    public static let twinPush = Vendor("twinPush")
}
