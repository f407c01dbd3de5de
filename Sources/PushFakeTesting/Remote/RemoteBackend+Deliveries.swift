import Foundation
import PushFakeCore
import PushFakeHTTP

/// How a `.remote` fixture reads a list of deliveries: in pages of ``pageSize`` (docs/admin-api.md, "Paging"), so
/// no single answer of the server carries every delivery of a large fan-out.
package enum RemoteListing {
    /// The `limit` of each page: the largest the admin API takes, unless a test binds a smaller one (with
    /// `RemoteListing.$pageSize.withValue(2) { … }`) to see a listing span pages.
    @TaskLocal package static var pageSize = PageCursor.maximumLimit
}

extension RemoteBackend {
    func deliveries() -> [Delivery] {
        attempt([]) { () throws(PushFakeRemoteError) -> [Delivery] in try fetchDeliveries(DeliveriesQuery()) }
    }

    /// The server selects them (`device` and `vendor`): only that device's deliveries travel.
    func deliveries(to deviceID: String, vendor: Vendor?) -> [Delivery] {
        // No delivery has an empty device id, and the admin API refuses an empty `device`.
        guard !deviceID.isEmpty else { return [] }
        var query = DeliveriesQuery()
        query.device = deviceID
        query.vendor = vendor?.rawValue
        return attempt([]) { () throws(PushFakeRemoteError) -> [Delivery] in
            // The server takes a vendor name in any case; a `Vendor` is its exact name, as LocalBackend compares it.
            try fetchDeliveries(query).filter { vendor == nil || $0.vendor == vendor }
        }
    }

    func deliveries(ofNotification notificationID: String) -> [Delivery] {
        var query = DeliveriesQuery()
        query.notification = notificationID
        return attempt([]) { () throws(PushFakeRemoteError) -> [Delivery] in try fetchDeliveries(query) }
    }

    /// `GET …/deliveries` with `query`'s filters, page by page: `limit` ``RemoteListing/pageSize``, then `since` set
    /// to each answer's `next` until it is `null`, the pages concatenated in order. An answer without `next` (a
    /// server that does not page) is the whole list.
    /// - Throws: ``PushFakeRemoteError`` for a failed call, or an answer whose `next` would not move the list on.
    func fetchDeliveries(_ query: DeliveriesQuery) throws(PushFakeRemoteError) -> [Delivery] {
        var query = query
        query.limit = RemoteListing.pageSize
        var deliveries: [Delivery] = []
        while true {
            let page = try admin.exchange(AdminOperations.deliveries, query).output
            deliveries += page.deliveries
            guard let next = page.next?.since else { return deliveries }
            // Each page must bring deliveries and move the cursor forward, or the walk would never end.
            let since = query.since ?? 0
            guard next > since, !page.deliveries.isEmpty else {
                throw malformed(
                    "deliveries",
                    "a page of \(page.deliveries.count) deliveries after since=\(since) whose next, \(next), does not "
                        + "move on")
            }
            query.since = next
        }
    }
}
