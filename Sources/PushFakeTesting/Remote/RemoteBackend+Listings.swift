import Foundation
import PushFakeCore
import PushFakeHTTP

/// How a `.remote` fixture reads a list (deliveries, the journal): in pages of ``pageSize`` (docs/admin-api.md,
/// "Paging"), so no single answer of the server carries every delivery of a large fan-out or every entry of a long
/// journal.
package enum RemoteListing {
    /// The `limit` of each page: the largest the admin API takes, unless a test binds a smaller one (with
    /// `RemoteListing.$pageSize.withValue(2) { … }`) to see a listing span pages.
    @TaskLocal package static var pageSize = PageCursor.maximumLimit
}

/// A paged listing read page by page: `limit` ``RemoteListing/pageSize``, then `since` set to each answer's `next`
/// until it is `null`, the pages' items concatenated in order. An answer without `next` (a server that does not page)
/// is the whole list.
struct PageWalk<Query, Page: PagedAnswer, Item> {
    /// The query of the next page.
    private(set) var query: Query
    /// The items of the pages taken so far, and the last page.
    private(set) var items: [Item] = []
    private(set) var last: Page?
    private let since: WritableKeyPath<Query, Int?>
    private let itemsOfPage: KeyPath<Page, [Item]>
    /// The listing's path under the admin API and what it lists, for the error.
    private let path: String
    private let noun: String
    private let backend: RemoteBackend

    init(
        _ query: Query, since: WritableKeyPath<Query, Int?>, limit: WritableKeyPath<Query, Int?>,
        items: KeyPath<Page, [Item]>, path: String, noun: String, of backend: RemoteBackend
    ) {
        var query = query
        query[keyPath: limit] = RemoteListing.pageSize
        (self.query, self.since, self.itemsOfPage) = (query, since, items)
        (self.path, self.noun, self.backend) = (path, noun, backend)
    }

    /// Takes `page`'s items and moves the query past it; `false` when it was the last page.
    /// - Throws: ``PushFakeRemoteError`` for a page whose `next` would not move the list on: each page must bring
    ///   items and move the cursor forward, or the walk would never end.
    mutating func take(_ page: Page) throws(PushFakeRemoteError) -> Bool {
        let count = page[keyPath: itemsOfPage].count
        items += page[keyPath: itemsOfPage]
        last = page
        guard let next = page.next?.since else { return false }
        let current = query[keyPath: since] ?? 0
        guard next > current, count > 0 else {
            throw backend.malformed(
                path, "a page of \(count) \(noun) after since=\(current) whose next, \(next), does not move on")
        }
        query[keyPath: since] = next
        return true
    }
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

    /// `GET …/deliveries` with `query`'s filters, page by page (``PageWalk``).
    func fetchDeliveries(_ query: DeliveriesQuery) throws(PushFakeRemoteError) -> [Delivery] {
        var walk = PageWalk(
            query, since: \.since, limit: \.limit, items: \DeliveryPage.deliveries, path: "deliveries",
            noun: "deliveries", of: self)
        while try walk.take(admin.exchange(AdminOperations.deliveries, walk.query).output) {}
        return walk.items
    }

    /// `GET …/journal`, page by page (``PageWalk``), read back into a journal: the pages' entries in order, with the
    /// last page's totals.
    func fetchJournal() throws(PushFakeRemoteError) -> Journal {
        var walk = journalWalk()
        while try walk.take(admin.exchange(AdminOperations.journal, walk.query).output) {}
        return journal(of: walk)
    }

    /// ``fetchJournal()``, suspending.
    func fetchJournalAsync() async throws(PushFakeRemoteError) -> Journal {
        var walk = journalWalk()
        while try await walk.take(admin.exchange(AdminOperations.journal, walk.query).output) {}
        return journal(of: walk)
    }

    private func journalWalk() -> PageWalk<JournalQuery, JournalPage, JournalEntry> {
        PageWalk(
            JournalQuery(), since: \.since, limit: \.limit, items: \.entries, path: "journal", noun: "entries",
            of: self)
    }

    private func journal(of walk: PageWalk<JournalQuery, JournalPage, JournalEntry>) -> Journal {
        Journal(
            restoring: walk.items, limit: configuration.journalLimit, totalCount: walk.last?.total ?? 0,
            droppedCount: walk.last?.dropped ?? 0)
    }
}
