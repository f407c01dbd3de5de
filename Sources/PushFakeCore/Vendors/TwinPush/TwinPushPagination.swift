/// `page` / `per_page` as TwinPush reads them (TwinPushWireProtocol.md §4.3, FakeBehaviour.md): strings or integers; a page
/// ≤ 0 is page 1; `per_page` 0, missing or not a number is 30, and at most 100; past the end is an empty page.
struct TwinPushPagination: Equatable {
    let page: Int
    let perPage: Int

    init(page: JSON?, perPage: JSON?) {
        self.page = min(max(1, Self.number(page) ?? 1), 100_000_000)
        let size = Self.number(perPage) ?? 0
        self.perPage = size <= 0 ? TwinPush.Limits.defaultPerPage : min(size, TwinPush.Limits.perPage)
    }

    /// Reads `page` and `per_page` from a JSON body.
    init(body: JSONObject) {
        self.init(page: body["page"], perPage: body["per_page"])
    }

    /// Reads `page` and `per_page` from query items (the last occurrence wins).
    init(query: [(name: String, value: String)]) {
        let page = query.last { $0.name == "page" }.map { JSON.string($0.value) }
        let perPage = query.last { $0.name == "per_page" }.map { JSON.string($0.value) }
        self.init(page: page, perPage: perPage)
    }

    private static func number(_ value: JSON?) -> Int? {
        switch value {
        case .string(let text)?: return Int(text.filter { $0 != " " })
        case let other?: return other.intValue
        case nil: return nil
        }
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
