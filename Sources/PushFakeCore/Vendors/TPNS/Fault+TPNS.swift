extension Fault {
    /// Answer with a TPNS error (-1000 → 404, -1001 / -1002 → 409), body as FakeBehaviour.md describes.
    public static func tpnsError(_ code: TPNSErrorCode) -> Fault { .vendorError(code.vendorError) }
}
