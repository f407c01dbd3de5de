import Foundation
import PushFakeCore
import PushFakeHTTP

/// ``PushFakeURLs/adminURL`` serves live and remote fakes; under URLProtocol use the Swift API.
extension RunningPushFake: PushFakeURLs {
    /// A registered vendor's base URL on this fake (``baseURL`` plus the vendor's base path), or `nil` when the
    /// engine does not serve the vendor.
    public func baseURL(for vendor: Vendor) -> URL? {
        backend.vendors.baseURL(of: vendor, under: baseURL)
    }
}
