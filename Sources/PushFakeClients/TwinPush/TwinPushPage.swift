import Foundation
import PushFakeCore

/// One page of a paginated TwinPush list (TwinPushWireProtocol.md §4.3): `objects`, and what each SDK reads to page on.
public struct TwinPushPage: Sendable, Equatable {
    /// The `objects` array.
    public let objects: [JSON]
    /// `total_pages` when the answer has it (Android reads it; iOS never does).
    public let totalPages: Int?
    /// Whether the SDK would ask for another page: iOS when `objects.count == per_page`; Android when the next
    /// 1-based page is within `total_pages`; the creator client likewise from `total_pages`.
    public let hasMore: Bool
    /// The whole answer, for fields the SDKs do not read (`total_entries`, `current_page`, …).
    public let json: JSON

    /// A page as a client read it.
    public init(objects: [JSON], totalPages: Int?, hasMore: Bool, json: JSON) {
        self.objects = objects
        self.totalPages = totalPages
        self.hasMore = hasMore
        self.json = json
    }
}

/// The alias inbox counters (TwinPushWireProtocol.md §5.12), which both SDKs read with `getInt`.
public struct TwinPushInboxSummary: Sendable, Equatable {
    /// `total_count`: notifications in the alias inbox.
    public let totalCount: Int
    /// `unopened_count`: those without `open_at`.
    public let unopenedCount: Int

    /// A summary with both counters.
    public init(totalCount: Int, unopenedCount: Int) {
        self.totalCount = totalCount
        self.unopenedCount = unopenedCount
    }
}
