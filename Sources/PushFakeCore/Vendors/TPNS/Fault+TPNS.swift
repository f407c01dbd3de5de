extension TPNSErrorCode {
    /// The error as an injected fault answers it: ``httpStatus`` with ``body``.
    public var vendorError: VendorError {
        VendorError(
            vendor: .tpns, name: String(rawValue), response: .json(httpStatus, body),
            description: "TPNS error \(rawValue) (\(name))")
    }
}

extension Fault {
    /// Answer with a TPNS error (-1000 → 404, -1001 / -1002 → 409), body as FakeBehaviour.md describes.
    public static func tpnsError(_ code: TPNSErrorCode) -> Fault { .vendorError(code.vendorError) }
}
