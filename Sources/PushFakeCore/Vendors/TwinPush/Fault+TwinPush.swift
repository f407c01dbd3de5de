extension TwinPushErrorType {
    /// The error as an injected fault answers it: this type's status and `{"errors":{"type","message"}}`, the
    /// message defaulting to `Injected <Type> error`.
    public func vendorError(message: String? = nil) -> VendorError {
        VendorError(
            vendor: .twinPush, name: rawValue, response: response(message ?? "Injected \(rawValue) error"),
            description: "TwinPush error \(rawValue)")
    }
}

extension Fault {
    /// Answer with a TwinPush error in the vendor shape, with the status the catalogue gives the type.
    public static func twinPushError(_ type: TwinPushErrorType, message: String? = nil) -> Fault {
        .vendorError(type.vendorError(message: message))
    }
}
