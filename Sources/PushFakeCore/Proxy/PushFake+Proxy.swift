import Foundation

extension PushFake {
    /// What became of a request a server forwarded to the real service.
    package enum UpstreamOutcome: Sendable {
        /// The upstream answered; the client gets this answer.
        case answered(FakeResponse)
        /// No answer came: `status` is 502 (DNS, TLS, connection refused or lost) or 504 (timeout), `cause` says why.
        case failed(status: Int, cause: String)
    }

    /// The vendor whose path `path` is under, with the part of `path` after the vendor's base path (`/TPNS`,
    /// `/api/v2`), as it goes to the vendor's upstream; `nil` for a path under no vendor. Unknown routes under a
    /// vendor's prefix count: the real service may know them.
    package func upstreamTarget(method: String, path: String) -> (vendor: Vendor, rest: String)? {
        let vendorIndex: Int?
        switch vendors.router.route(method: method, path: path) {
        case .matched(_, let index, _): vendorIndex = index
        case .methodNotAllowed(let index, _): vendorIndex = index
        case .notFound(let index): vendorIndex = index
        }
        guard let vendorIndex, vendors.entries.indices.contains(vendorIndex) else { return nil }
        let entry = vendors.entries[vendorIndex]
        var base = entry.basePath
        while base.hasSuffix("/") { base.removeLast() }
        // A path spelled otherwise (`//TPNS/…`, other case) goes upstream whole, as the client wrote it.
        guard path.hasPrefix(base) else { return (entry.vendor, path) }
        let rest = path.dropFirst(base.count)
        guard rest.isEmpty || rest.hasPrefix("/") else { return (entry.vendor, path) }
        return (entry.vendor, String(rest))
    }

    /// Journals a request that a server forwarded to the real service, with the answer the client gets: the
    /// upstream's, or for a failure a 502/504 in the vendor's error shape naming the cause. In
    /// ``ProxiedExchange/Mode/learn`` mode an answered request also runs through the vendor's handler, so the local
    /// store changes as if the fake had answered (no fault rule applies); when the local answer's status differs
    /// from the upstream's, a note says so.
    /// - Returns: the answer to send and the entry's sequence number.
    package func recordProxied(
        _ request: FakeRequest, outcome: UpstreamOutcome, proxied: ProxiedExchange
    ) -> (response: FakeResponse, sequence: Int) {
        var prepared = prepare(request)
        let response: FakeResponse
        var extraNotes: [String] = []
        var learns = false
        switch outcome {
        case .answered(let answer):
            response = answer
            learns = proxied.mode == .learn
        case .failed(let status, let cause):
            let message = "upstream \(proxied.upstream) failed: \(cause)"
            response =
                vendorEntry(prepared.vendorIndex)?.errorResponse(status, message)
                ?? .json(status, ["error": .string(message)])
            extraNotes.append(message)
        }
        let vendor = prepared.vendorIndex.flatMap { vendors.entries.indices.contains($0) ? $0 : nil }.map {
            vendors.entries[$0].vendor
        }
        let (entry, news, delivered, dropped) = state.withLock { state in
            if state.clock.mode == .real { state.tick() }
            let now = state.clock.now
            state.services.now = now
            let sequence = state.journal.takeSequence()
            var deliveryIDs: [String] = []
            if learns, let route = prepared.route, let handler = prepared.handler,
                state.vendorSlots.indices.contains(handler.vendor)
            {
                // The real service's ids (a device id from a register) become the local store's.
                if let answer = response.json, vendors.entries.indices.contains(handler.vendor) {
                    for (kind, ids) in vendors.entries[handler.vendor].learnedIDs(route, answer) {
                        state.services.adoptNextIDs(ids, as: kind)
                    }
                }
                defer { state.services.forgetAdoptedIDs() }
                let local: FakeResponse
                (local, deliveryIDs) = runHandler(
                    handler, route: route, on: &prepared, now: now, responseDelay: 0, state: &state)
                if local.status != response.status {
                    prepared.notes.append(
                        "learned: the local store answered \(local.status), the upstream \(response.status)")
                }
            }
            let entry = JournalEntry(
                sequence: sequence, time: now, request: prepared.request, route: prepared.route, vendor: vendor,
                app: prepared.app, device: prepared.device, fault: nil, response: response, outcome: .responded,
                delay: 0, deliveryIDs: deliveryIDs, notes: prepared.notes + extraNotes, proxied: proxied)
            let dropped = state.journal.append(entry)
            publishUsage(of: state.journal)
            return (
                entry, state.entryNews, state.takeNewDeliveries(caused: deliveryIDs, byEntry: entry.sequence), dropped
            )
        }
        news.tell(entry)
        delivered.tell()
        withExtendedLifetime(dropped) {}
        return (response, entry.sequence)
    }
}
