import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/journal`, answered at once for a small journal, otherwise built off the event loops from
    /// the snapshot taken now (OffLoop.swift), by its size in bytes: a few entries with large bodies weigh as much
    /// as many small ones.
    func journalReply(_ request: FakeRequest) -> ServerReply {
        let snapshot = fake.journal
        return OffLoop.answer(estimatedBytes: snapshot.usage.approximateBytes) { journal(request, snapshot: snapshot) }
    }

    /// `GET /__pushfake/journal`: JSON (default), `format=jsonl` or `format=har`.
    func journal(_ request: FakeRequest, snapshot: Journal) -> FakeResponse {
        let query = Self.query(request)
        // The query parameters are the JSON matcher form's fields, so they are checked the same way: an unknown
        // vendor, or an operation the vendor does not have, is a 400 listing the valid ones.
        var form = JSONObject()
        for name in ["vendor", "operation", "app", "device"] {
            if let value = query[name] { form[name] = .string(value) }
        }
        if let status = query["status"].flatMap(Int.init) { form["status"] = .int(status) }
        for name in ["unmatched", "faulted"] {
            if let value = query[name] { form[name] = .bool(value == "true") }
        }
        let matcher: RequestMatcher
        do throws(JSONFieldError) {
            matcher = try RequestMatcher(json: .object(form), vendors: fake.vendors)
        } catch {
            return Self.badRequest(error.description)
        }
        let since = query["since"].flatMap(Int.init) ?? 0
        let entries: [JournalEntry]
        var next: PageCursor?
        if let limit = query["limit"].flatMap(Int.init) {
            // A page: walk from the first entry after `since` (a binary search) only as far as the page needs.
            let page = PageCursor.page(
                from: snapshot.firstIndex(after: since), count: snapshot.count, limit: limit, item: snapshot.entry(at:),
                sequence: { $1.sequence }, matches: { matcher.matches($0) })
            entries = page.items
            next = page.next
        } else {
            entries = snapshot.entries(matching: matcher).filter { $0.sequence > since }
        }
        var redaction = server.configuration.recordingRedaction
        // The route table has already checked the value (true or false).
        if query["redactAppKeys"] == "true" { redaction.redactsAppKeys = true }
        switch query["format"] ?? "json" {
        case "jsonl":
            var response = FakeResponse.json(
                200, bytes: Array(snapshot.jsonLines(of: entries, redaction: redaction).utf8))
            response.headers.replace(name: "Content-Type", value: "application/x-ndjson; charset=utf-8")
            return response
        case "har":
            return .json(200, snapshot.har(of: entries, redaction: redaction))
        case "json":
            return .answer(
                200,
                JournalPage(
                    entries: entries, total: snapshot.totalCount, dropped: snapshot.droppedCount, next: next))
        default:
            return Self.badRequest("format must be json, jsonl or har")
        }
    }

    /// `GET /__pushfake/deliveries?vendor=&device=&notification=&app=&since=&limit=`, from a snapshot's deliveries.
    ///
    /// A delivery's sequence number is its place in creation order since the last reset or state load (the first
    /// is 1): deliveries are only ever appended, so `since` keeps pointing at the same ones while more arrive.
    func deliveries(_ request: FakeRequest, from snapshot: EngineSnapshot) -> FakeResponse {
        let query = Self.query(request)
        var vendor: Vendor?
        if let name = query["vendor"] {
            guard let parsed = fake.vendors.vendor(named: name) else {
                let names = fake.vendors.vendors.map(\.rawValue)
                return Self.badRequest("unknown vendor \(name); use \(Self.nameList(names))")
            }
            vendor = parsed
        }
        let (device, notification, app) = (query["device"], query["notification"], query["app"])
        let matches = { (delivery: Delivery) in
            (vendor == nil || delivery.vendor == vendor)
                && (device.map(delivery.deviceID.hasSameBytes) ?? true)
                && (notification.map(delivery.notificationID.hasSameBytes) ?? true)
                && (app.map(delivery.app.hasSameBytes) ?? true)
        }
        let since = max(0, query["since"].flatMap(Int.init) ?? 0)
        let all = snapshot.deliveries
        guard let limit = query["limit"].flatMap(Int.init) else {
            return .answer(200, DeliveryPage(deliveries: all.dropFirst(since).filter(matches)))
        }
        let page = PageCursor.page(
            from: since, count: all.count, limit: limit, item: { all[$0] }, sequence: { position, _ in position + 1 },
            matches: matches)
        return .answer(200, DeliveryPage(deliveries: page.items, next: page.next))
    }

    /// ``vendorView(_:_:from:)`` from a snapshot taken now, built off the event loops when the vendors hold many
    /// records.
    func vendorViewReply(_ view: VendorView, _ request: FakeRequest) -> ServerReply {
        let snapshot = fake.snapshot()
        return OffLoop.answer(estimatedBytes: snapshot.vendorRecordCount &* Self.bytesPerRecord) {
            vendorView(view, request, from: snapshot)
        }
    }

    /// `GET /__pushfake/devices?vendor=` and `GET /__pushfake/notifications?vendor=`: each registered vendor's view,
    /// keyed by vendor name in registration order (`{"tpns":[…],"twinPush":[…]}`); vendors without the view are
    /// left out.
    func vendorView(_ view: VendorView, _ request: FakeRequest, from snapshot: EngineSnapshot) -> FakeResponse {
        let views = snapshot.views(view)
        var selected: Vendor?
        if let name = request.queryItems.first(where: { $0.name == "vendor" })?.value {
            // Any case, as everywhere in the admin API.
            guard let vendor = fake.vendors.vendor(named: name), views.contains(where: { $0.vendor == vendor }) else {
                return Self.badRequest("unknown vendor \(name); use \(Self.nameList(views.map(\.vendor.rawValue)))")
            }
            selected = vendor
        }
        let shown = views.filter { selected == nil || $0.vendor == selected }
        return .answer(200, VendorViews(views: shown.map { WireKeyed($0.vendor.rawValue, $0.json) }))
    }

    /// `GET /__pushfake/routes`: every vendor route, all together and by vendor, and the admin routes.
    func routes() -> FakeResponse {
        let byVendor = fake.vendors.vendors.map { WireKeyed($0.rawValue, fake.vendors.routes(of: $0)) }
        return .answer(200, RouteList(vendor: fake.knownRoutes, vendors: byVendor, admin: routeList))
    }

    /// `a or b`, `a, b or c`.
    private static func nameList(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "none" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
