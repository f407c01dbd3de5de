extension TPNSErrorCode {
    /// The error as an injected fault answers it: ``httpStatus`` with ``body``.
    public var vendorError: VendorError {
        VendorError(
            vendor: .tpns, name: String(rawValue), response: response,
            description: "TPNS error \(rawValue) (\(name))", json: ["tpnsError": .int(rawValue)])
    }
}
