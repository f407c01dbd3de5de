import PushFakeCore

/// Where the next page of a list answered with `limit` starts: the `next` member of ``DeliveryPage`` and
/// ``JournalPage``. Ask again with `since` set to it; `null` when the list ends with this page. The member is
/// absent when the request gave no `limit` (the whole list, as before paging existed).
package enum PageCursor: Sendable, Equatable {
    /// Nothing the query selects comes after this page: `null`.
    case end
    /// The `since` of the next page: the sequence number of this page's last item.
    case since(Int)

    /// The largest `limit` a list takes (docs/admin-api.md, "Paging").
    package static let maximumLimit = 10_000

    /// The integer `since` of the next page, or `nil` at the end.
    package var since: Int? {
        if case .since(let value) = self { return value }
        return nil
    }

    /// The page of what `matches` selects among the items at positions `start..<count`, and the cursor of the page
    /// after it, walking only as far as needed: `limit` matches, then on to the next one, which decides between a
    /// cursor and ``end``. `item(position)` reads one; `sequence(position, item)` is its number, the cursor.
    static func page<Item>(
        from start: Int, count: Int, limit: Int, item: (Int) -> Item?, sequence: (Int, Item) -> Int,
        matches: (Item) -> Bool
    ) -> (items: [Item], next: PageCursor) {
        let start = max(0, start)
        guard start < count else { return ([], .end) }
        var items: [Item] = []
        items.reserveCapacity(min(limit, count - start))
        var last: (position: Int, item: Item)?
        for position in start..<count {
            guard let candidate = item(position), matches(candidate) else { continue }
            if items.count >= limit { return (items, last.map { .since(sequence($0.position, $0.item)) } ?? .end) }
            items.append(candidate)
            last = (position, candidate)
        }
        return (items, .end)
    }
}

/// An answer that may be one page of a list (``DeliveryPage``, ``JournalPage``).
package protocol PagedAnswer: WireType {
    /// The `next` member: `nil` when absent (no `limit` asked).
    var next: PageCursor? { get set }
}

extension PagedAnswer {
    /// The description of a page: `fields` (among them ``WireField/nextPage(_:)``), read so that `"next": null`
    /// comes back as ``PageCursor/end`` — a field reads `null` as absent, which would lose the end of the list.
    static func pageDescription(name: String, _ prototype: Self, fields: [WireField<Self>]) -> WireDescription<Self> {
        let members = WireDescription<Self>(prototype, fields: fields, answer: true)
        return WireDescription<Self>(
            name: name,
            codec: WireCodec(
                read: { (json, path, context) throws(JSONFieldError) -> Self in
                    var page = try members.read(json, path: path, context: context)
                    if page.next == nil, json.objectValue?["next"]?.isNull == true { page.next = .end }
                    return page
                },
                write: members.write, schema: members.inlineSchema))
    }
}

extension WireField where Owner: PagedAnswer {
    /// `next`: a page's ``PageCursor``, written only for an answer asked with `limit` (`nil` leaves it out);
    /// ``PagedAnswer/pageDescription(name:_:fields:)`` reads its `null`.
    static var nextPage: WireField {
        WireField(
            "next",
            summary:
                "Only with limit: the since of the next page (the last item's sequence number), or null when this page "
                + "ends the list.",
            isRequired: false, isAlwaysWritten: false, writesNull: true,
            read: { (json, owner, path, context) throws(JSONFieldError) in
                owner.next = try json.map { json throws(JSONFieldError) in
                    PageCursor.since(try WireCodec<Int>.count.read(json, path, context))
                }
            },
            write: { owner, members in
                guard let cursor = owner.next else { return }
                members.append(.init(key: "next", value: cursor.since.map(JSON.int) ?? .null))
            },
            schema: WireCodec<Int>.count.schema)
    }
}
