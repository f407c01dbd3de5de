/// A push service PushFake fakes, by name: `tpns` and `twinPush` (static members declared next to each vendor), or
/// one a ``PushVendor`` plug-in registers.
///
/// An extensible value rather than a closed enum: a third vendor adds `static let acme = Vendor("acme")` and is
/// then matched, journaled and listed like the built-in ones.
public struct Vendor: Sendable, Hashable, CustomStringConvertible {
    /// The name: two vendors are the same when their names have the same bytes (FakeBehaviour.md, Identity).
    private let name: WireKey

    /// The name as in journal labels (`tpns.register`), matcher descriptions and the admin API's `vendor` fields.
    public var rawValue: String { name.string }

    /// A vendor by name; compared exactly. Whether an engine serves it is up to its ``VendorRegistry``.
    public init(_ name: String) {
        self.name = WireKey(name)
    }

    /// The name, e.g. `tpns` or `twinPush`.
    public var description: String { rawValue }
}
