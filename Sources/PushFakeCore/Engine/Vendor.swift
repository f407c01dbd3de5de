/// A push service PushFake fakes, by name: `tpns` and `twinPush` (static members declared next to each vendor), or
/// one a ``PushVendor`` plug-in registers.
///
/// An extensible value rather than a closed enum: a third vendor adds `static let acme = Vendor("acme")` and is
/// then matched, journaled and listed like the built-in ones.
public struct Vendor: Sendable, Hashable, CustomStringConvertible {
    /// The name as in journal labels (`tpns.register`), matcher descriptions and the admin API's `vendor` fields.
    public let rawValue: String

    /// A vendor by name; compared exactly. Whether an engine serves it is up to its ``VendorRegistry``.
    public init(_ name: String) {
        self.rawValue = name
    }

    /// The name, e.g. `tpns` or `twinPush`.
    public var description: String { rawValue }

    /// The same name, byte for byte (FakeBehaviour.md, Identity).
    public static func == (lhs: Vendor, rhs: Vendor) -> Bool { lhs.rawValue.hasSameBytes(as: rhs.rawValue) }

    /// Hashes the name's bytes.
    public func hash(into hasher: inout Hasher) { WireKey.hash(rawValue, into: &hasher) }
}
