import Foundation
import PushFakeCore

extension RunningPushFake {
    /// A registered vendor's base URL on this fake (``baseURL`` plus the vendor's base path), or `nil` when the
    /// engine does not serve the vendor.
    public func baseURL(for vendor: Vendor) -> URL? {
        backend.vendors.baseURL(of: vendor, under: baseURL)
    }

    /// The TPNS base URL, as an SDK takes it: `…/TPNS`.
    public var tpnsBaseURL: URL { baseURL(for: .tpns) ?? baseURL }
    /// The TwinPush base URL for the iOS SDK's `serverURL`: `…/api/v2`. (Android's `serverHost` is ``baseURL``.)
    public var twinPushBaseURL: URL { baseURL(for: .twinPush) ?? baseURL }
    /// The admin API, `…/__pushfake` (live and remote; under URLProtocol use the Swift API).
    public var adminURL: URL { baseURL.appendingPathComponent("__pushfake") }
}
