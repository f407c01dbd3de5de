extension Fault {
    /// Answer with a TwinPush error in the vendor shape, with the status the catalogue gives the type.
    public static func twinPushError(_ type: TwinPushErrorType, message: String? = nil) -> Fault {
        .vendorError(type.vendorError(message: message))
    }
}
