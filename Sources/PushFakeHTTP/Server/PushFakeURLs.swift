import Foundation
import PushFakeCore

/// The URLs to hand to an app, derived from where a PushFake answers: ``PushFakeServer`` and the testing library's
/// `RunningPushFake` adopt it.
public protocol PushFakeURLs {
    /// The server's root: every vendor's base path and the admin API hang under it.
    var baseURL: URL { get }

    /// A registered vendor's base URL (``baseURL`` plus the vendor's base path), or `nil` when the engine does not
    /// serve the vendor.
    func baseURL(for vendor: Vendor) -> URL?
}

extension PushFakeURLs {
    /// The TPNS base URL, as an SDK takes it: `…/TPNS`.
    public var tpnsBaseURL: URL { baseURL(for: .tpns) ?? baseURL }
    /// The TwinPush base URL for the iOS SDK's `serverURL`: `…/api/v2`. (Android's `serverHost` is ``baseURL``.)
    public var twinPushBaseURL: URL { baseURL(for: .twinPush) ?? baseURL }
    /// The admin API: `…/__pushfake`.
    public var adminURL: URL { baseURL.appendingPathComponent("__pushfake") }
}
