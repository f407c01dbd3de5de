import Foundation
import PushFakeCore

/// A delivery as the fleet hears of it: from an engine's delivery observer or the events stream of a server.
public struct FleetDelivery: Sendable, Equatable {
    public var vendor: Vendor
    /// TwinPush device id or TPNS `deviceId`.
    public var deviceID: String
    public var notificationID: String
    /// `nil` when the push network accepted it; the network's reason when it refused it (the delivery checks).
    public var failure: String?
    /// When the vendor made it (the fake's clock).
    public var createdAt: Date

    public init(vendor: Vendor, deviceID: String, notificationID: String, failure: String?, createdAt: Date) {
        (self.vendor, self.deviceID, self.notificationID) = (vendor, deviceID, notificationID)
        (self.failure, self.createdAt) = (failure, createdAt)
    }

    /// The fleet's view of an engine's delivery.
    public init(_ delivery: Delivery) {
        var failure: String?
        if case .failed(let reason) = delivery.status { failure = reason }
        self.init(
            vendor: delivery.vendor, deviceID: delivery.deviceID, notificationID: delivery.notificationID,
            failure: failure, createdAt: delivery.createdAt)
    }
}
