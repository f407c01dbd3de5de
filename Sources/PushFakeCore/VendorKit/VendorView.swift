/// A named view of a vendor's state for the admin API: `GET /__pushfake/<view>` lists it per vendor.
///
/// An extensible set. A vendor answers the views it has in ``PushVendor/view(_:of:)`` and `nil` for the rest.
public struct VendorView: Sendable, Hashable, CustomStringConvertible {
    /// The view's name and admin path segment, e.g. `devices`.
    public let rawValue: String

    /// A view by name.
    public init(_ name: String) {
        self.rawValue = name
    }

    /// The devices (or other clients) the vendor knows: `GET /__pushfake/devices`.
    public static let devices = VendorView("devices")
    /// The notifications (sends) the vendor accepted: `GET /__pushfake/notifications`.
    public static let notifications = VendorView("notifications")

    /// The name.
    public var description: String { rawValue }
}
