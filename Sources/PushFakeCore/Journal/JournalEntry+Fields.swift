import Foundation

extension JournalEntry {
    /// The request as the transport delivered it, raw body included; rebuilt from the entry's bytes.
    public var request: FakeRequest {
        let layout = self.layout
        var reader = JournalEntryReader(bytes, at: layout.requestHeaders)
        return FakeRequest(
            method: layout.method.string(in: bytes), path: layout.path.string(in: bytes),
            query: layout.query.string(in: bytes),
            headers: HTTPHeaders(reader.textPairs().map { HTTPHeaders.Field(name: $0.name, value: $0.value) }),
            body: Array(bytes[layout.requestBody]), bodyAvailable: !flags.contains(.bodyUnavailable),
            transport: flags.transport)
    }

    /// What the engine answered; rebuilt from the entry's bytes. After a drop nothing was sent: `dropResponse` keeps
    /// the handler's answer, `dropConnection` records status 0 with no body.
    public var response: FakeResponse {
        let layout = self.layout
        var headers = FakeResponse.standardHeaders
        if let position = layout.responseHeaders {
            var reader = JournalEntryReader(bytes, at: position)
            headers = HTTPHeaders(reader.textPairs().map { HTTPHeaders.Field(name: $0.name, value: $0.value) })
        }
        return FakeResponse(status: status, headers: headers, body: Array(responseBodyBytes))
    }

    /// The operation, or `nil` for an unmatched request (unknown route or method).
    public var route: RouteMatch? {
        let subject = self.subject
        guard let operation = subject.operation, let template = subject.template, let position = subject.parameters,
            let vendor = subject.routeVendor ?? subject.vendor
        else { return nil }
        var reader = JournalEntryReader(bytes, at: position)
        var parameters: [String: String] = [:]
        for (name, value) in reader.pairs() { parameters[name] = value }
        return RouteMatch(
            vendor: Vendor(vendor.string(in: bytes)), operation: Operation(operation.string(in: bytes)),
            parameters: parameters, template: template.string(in: bytes))
    }

    /// The vendor whose prefix the path is under (set for unmatched requests too).
    public var vendor: Vendor? { subject.vendor.map { Vendor($0.string(in: bytes)) } }
    /// The app key / app id and device id the request was about, when the vendor handler could tell.
    public var app: String? { subject.app.map(string) }
    /// The device id the request was about, as its vendor names devices; `nil` when there is none.
    public var device: String? { subject.device.map(string) }
    /// The fault rule that applied, if any.
    public var fault: AppliedFault? { extras?.fault }
    /// Ids of the deliveries this request caused, in order.
    public var deliveryIDs: [String] { extras?.deliveryIDs ?? [] }
    /// How the request went to the real service, for a server in front of an upstream; `nil` when the fake answered
    /// it itself.
    public var proxied: ProxiedExchange? { extras?.proxied }
    /// Whether the response was sent or the connection dropped.
    public var outcome: Outcome { flags.outcome }

    /// Transport delay applied before answering, in seconds.
    public var delay: Double {
        guard let position = subject.delay else { return 0 }
        var reader = JournalEntryReader(bytes, at: position)
        return Double(bitPattern: reader.fixed())
    }

    /// Facts the handler recorded ("device was not known", "app auto-provisioned", …), then what happened to the
    /// entry's deliveries afterwards (a simulator push that failed, added by ``PushFake/addNote(_:toDelivery:)``).
    public var notes: [String] {
        var reader = JournalEntryReader(bytes, at: subject.notes)
        let count = reader.elementCount()
        let later = extras?.laterNotes.withLock { $0 } ?? []
        guard count > 0 else { return later }
        var notes: [String] = []
        notes.reserveCapacity(count &+ later.count)
        for _ in 0..<count { notes.append(reader.string()) }
        return notes + later
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
