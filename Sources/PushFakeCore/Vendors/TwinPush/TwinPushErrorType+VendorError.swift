extension TwinPushErrorType {
    /// The error as an injected fault answers it: this type's status and `{"errors":{"type","message"}}`, the
    /// message defaulting to `Injected <Type> error`.
    public func vendorError(message: String? = nil) -> VendorError {
        var json: JSONObject = ["twinPushError": .string(rawValue)]
        if let message { json["message"] = .string(message) }
        if Self.named(rawValue) != self { json["status"] = .int(status) }
        return VendorError(
            vendor: .twinPush, name: rawValue, response: response(message ?? "Injected \(rawValue) error"),
            description: "TwinPush error \(rawValue)", json: json)
    }
}
