import Foundation
import PushFakeCore

extension PushFakeServer: PushFakeURLs {
    /// A registered vendor's base URL on this server (``baseURL`` plus the vendor's base path), or `nil` when the
    /// engine does not serve the vendor.
    public func baseURL(for vendor: Vendor) -> URL? {
        fake.vendors.baseURL(of: vendor, under: baseURL)
    }
}
