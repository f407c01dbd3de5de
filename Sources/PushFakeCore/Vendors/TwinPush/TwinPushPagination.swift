/// `page` / `per_page` as TwinPush reads them (TwinPushWireProtocol.md §4.3, FakeBehaviour.md): strings or integers; a page
/// ≤ 0 is page 1; `per_page` 0 (or less) or missing is 30, and at most 100; past the end is an empty page. A value
/// that is not an integer (`1.5`, `"abc"`, `1e20`) or a page above ``maximumPage`` is 400 `BadRequest` naming the
/// field (*fake-specific*), never read as something else.
struct TwinPushPagination: Equatable {
    let page: Int
    let perPage: Int

    /// The highest page: 100,000,000, which keeps every offset far from overflow.
    static let maximumPage = 100_000_000

    private init(page: JSON?, perPage: JSON?) throws(TwinPushFailure) {
        let requested = try Self.number(page, "page") ?? 1
        guard requested <= Self.maximumPage else {
            throw TwinPushFailure(.badRequest, "page must be at most \(Self.maximumPage) (got \(requested))")
        }
        self.page = max(1, requested)
        let size = try Self.number(perPage, "per_page") ?? 0
        self.perPage = size <= 0 ? TwinPush.Limits.defaultPerPage : min(size, TwinPush.Limits.perPage)
    }

    /// Reads `page` and `per_page` from a JSON body.
    init(body: JSONObject) throws(TwinPushFailure) {
        try self.init(
            page: TwinPushFields.page.value(in: body), perPage: TwinPushFields.perPage.value(in: body))
    }

    /// Reads `page` and `per_page` from query items (the last occurrence wins).
    init(query: [(name: String, value: String)]) throws(TwinPushFailure) {
        let page = TwinPushFields.pageQuery.value(in: query).map(JSON.string)
        let perPage = TwinPushFields.perPageQuery.value(in: query).map(JSON.string)
        try self.init(page: page, perPage: perPage)
    }

    /// An integer, or a string of one (spaces ignored); `nil` when absent, `null` or `""`.
    private static func number(_ value: JSON?, _ name: String) throws(TwinPushFailure) -> Int? {
        let number: Int?
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            let digits = text.filter { $0 != " " }
            if digits.isEmpty { return nil }
            number = Int(digits)
        case .int(let value)?: number = value
        case .double(let value)?: number = value.rounded() == value ? Int(exactly: value) : nil
        default: number = nil
        }
        guard let number else {
            throw TwinPushFailure(
                .badRequest, "\(name) must be an integer (or a string of one), not \(value.map(\.description) ?? "")")
        }
        return number
    }

    var offset: Int { (page - 1) * perPage }

    /// The indexes of this page within `count` elements.
    func range(in count: Int) -> Range<Int> {
        let start = min(offset, count)
        return start..<min(start + perPage, count)
    }

    /// The paginated envelope (§4.1): `objects`, `references` and the will_paginate-style counters.
    func envelope(_ objects: [JSON], total: Int) -> JSON {
        [
            "objects": .array(objects), "references": [], "offset": .int(offset), "per_page": .int(perPage),
            "current_page": .int(page), "total_pages": .int(max(1, (total + perPage - 1) / perPage)),
            "total_entries": .int(total),
        ]
    }
}
