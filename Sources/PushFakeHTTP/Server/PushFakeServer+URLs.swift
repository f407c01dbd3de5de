import Foundation
import PushFakeCore

extension PushFakeServer {
    /// A registered vendor's base URL on this server (``baseURL`` plus the vendor's base path), or `nil` when the
    /// engine does not serve the vendor.
    public func baseURL(for vendor: Vendor) -> URL? {
        fake.vendors.baseURL(of: vendor, under: baseURL)
    }

    /// The TPNS base URL to give an SDK: `…/TPNS`.
    public var tpnsBaseURL: URL { baseURL(for: .tpns) ?? baseURL }
    /// The TwinPush base URL for iOS `serverURL`: `…/api/v2` (Android `serverHost` takes ``baseURL``).
    public var twinPushBaseURL: URL { baseURL(for: .twinPush) ?? baseURL }
    /// The admin API: `…/__pushfake`.
    public var adminURL: URL { baseURL.appendingPathComponent("__pushfake") }
}
