import Foundation

/// One line of the JSON Lines schema (RecordingFormat.md, "JSON Lines entries"), member by member: what
/// ``JournalEntry/wire`` reads and writes. The entry itself keeps its compact layout; this form exists only while
/// a line is written or read. The rules between members (`vendor` and `route` with `operation`, the transport's
/// and outcome's names, the bodies) are checked when the form becomes an entry.
struct JournalEntryForm: WireForm {
    var sequence = 1
    var time = FakeClock.defaultEpoch
    var transport = ""
    var vendor: String?
    var operation: String?
    var route: String?
    var params: [WireKeyed<String>]?
    var app: String?
    var device: String?
    var request = JournalMessageForm()
    var fault: AppliedFault?
    var response = JournalMessageForm()
    var outcome = ""
    var delay = 0.0
    var deliveries: [String] = []
    var notes: [String] = []
    var proxied: ProxiedExchange?

    init() {}

    /// The form of `entry`, every value as the engine saw it.
    init(_ entry: JournalEntry) {
        // Each of these is rebuilt from the entry's bytes on every read: read once.
        let request = entry.request
        let response = entry.response
        let route = entry.route
        sequence = entry.sequence
        time = entry.time
        transport = request.transport.rawValue
        vendor = entry.vendor?.rawValue
        operation = route?.operation.rawValue
        self.route = route?.template
        params = route?.sortedParameters.map { WireKeyed($0.name, $0.value) }
        app = entry.app
        device = entry.device
        self.request = JournalMessageForm(headers: request.headers, body: request.body)
        self.request.method = request.method
        self.request.path = request.path
        self.request.query = request.query
        self.request.bodyAvailable = request.bodyAvailable
        fault = entry.fault
        self.response = JournalMessageForm(headers: response.headers, body: response.body)
        self.response.status = response.status
        outcome = entry.outcome.rawValue
        delay = entry.delay
        deliveries = entry.deliveryIDs
        notes = entry.notes
        proxied = entry.proxied
    }

    /// The entry, once the rules between the members hold; errors name their member under `path`.
    func value(path: String) throws(JSONFieldError) -> JournalEntry {
        func failure(_ key: String, _ problem: String) -> JSONFieldError {
            JSONFieldError(path: JSONFields.join(path, key), problem: problem)
        }
        let vendor = self.vendor.map(Vendor.init)
        var route: RouteMatch?
        if let operation {
            guard let vendor else { throw failure("vendor", "is required when operation is given") }
            guard let template = self.route else { throw failure("route", "is required") }
            var parameters: [String: String] = [:]
            for member in params ?? [] { parameters[member.key] = member.value }
            route = RouteMatch(
                vendor: vendor, operation: Operation(operation), parameters: parameters, template: template)
        }
        guard let transport = FakeRequest.Transport(rawValue: transport) else {
            throw failure("transport", "must be http, urlProtocol or direct, not \"\(transport)\"")
        }
        guard let outcome = JournalEntry.Outcome(rawValue: outcome) else {
            throw failure("outcome", "must be responded, dropped or droppedAfterHandling, not \"\(outcome)\"")
        }
        var fakeRequest = FakeRequest(
            method: request.method, path: request.path, query: request.query, headers: request.headers,
            body: try request.bytes(at: JSONFields.join(path, "request")), transport: transport)
        fakeRequest.bodyAvailable = request.bodyAvailable
        let fakeResponse = FakeResponse(
            status: response.status, headers: response.headers,
            body: try response.bytes(at: JSONFields.join(path, "response")))
        return JournalEntry(
            sequence: sequence, time: time, request: fakeRequest, route: route, vendor: vendor, app: app,
            device: device, fault: fault, response: fakeResponse, outcome: outcome, delay: delay,
            deliveryIDs: deliveries, notes: notes, proxied: proxied)
    }

    /// `v`: the schema version, required and checked (``JournalEntry/schemaVersion``).
    private static let version = WireField<JournalEntryForm>(
        "v", summary: "The JSON Lines schema version.", isRequired: true,
        read: { (json, _, path, context) throws(JSONFieldError) in
            var version: Int?
            if let json { version = try WireCodec<Int>.count.read(json, path, context) }
            guard version == JournalEntry.schemaVersion else {
                throw JSONFieldError(
                    path: path,
                    problem: "must be \(JournalEntry.schemaVersion), the JSON Lines schema version this PushFake reads")
            }
        },
        write: { _, members in members.append(.init(key: "v", value: .int(JournalEntry.schemaVersion))) },
        schema: { _ in ["const": .int(JournalEntry.schemaVersion)] })

    private static func names(_ names: [String]) -> WireCodec<String> {
        WireCodec<String>.text.documented(["enum": .array(names.map(JSON.string))])
    }

    static let wire = WireDescription<JournalEntryForm>(
        JournalEntryForm(),
        fields: [
            version,
            .required("seq", \.sequence, .int(in: 1...Int.max), "1, 2, 3, … in the order the engine saw requests."),
            .required("time", \.time, .timestamp, "Fake-clock time when the engine handled the request."),
            .required("transport", \.transport, names(["http", "urlProtocol", "direct"]), "Which host delivered it."),
            .optional("vendor", \.vendor, .text, writesNull: true, "The vendor whose route matched, or whose it was."),
            .optional("operation", \.operation, .text, writesNull: true, "The matched route's operation."),
            .optional("route", \.route, .text, writesNull: true, "The matched route's template."),
            .optional("params", \.params, .keyed(.string), writesNull: true, "The route's parameters, by name."),
            .optional("app", \.app, .string, writesNull: true, "The app the request names."),
            .optional("device", \.device, .string, writesNull: true, "The device the request names."),
            .required("request", \.request, JournalMessageForm.request.codec, "The request as received."),
            .optional("fault", \.fault, AppliedFault.codec, writesNull: true, "The fault rule that shaped it."),
            .required("response", \.response, JournalMessageForm.response.codec, "The answer."),
            .required(
                "outcome", \.outcome, names(["responded", "dropped", "droppedAfterHandling"]),
                "What happened on the wire after the engine answered."),
            .defaulted("delay", \.delay, .double(in: 0...Fault.maximumDelay), "Seconds the answer was held back."),
            .defaulted("deliveries", \.deliveries, .array(.string), "The ids of the deliveries it caused."),
            .defaulted("notes", \.notes, .array(.string), "What else happened to it."),
            .optional("proxied", \.proxied, .wire(), "How it went to the real service, when it did."),
        ], answer: true)
}

extension AppliedFault {
    /// `{"id", "description", "fault"}`: the `fault` member of a journal line; `description` is derived and only
    /// type-checked.
    static let codec = WireCodec<AppliedFault>(
        read: { (json, path, context) throws(JSONFieldError) -> AppliedFault in
            let object = try JSONFields(json, path: path, allowed: ["id", "description", "fault"])
            _ = try object.string("description", nonEmpty: false)
            guard let faultJSON = object.value("fault") else {
                throw object.failure(
                    "fault", "is required to read the fault back (the fault rule's fault in its JSON form)")
            }
            do throws(JSONFieldError) {
                return AppliedFault(
                    ruleID: try object.requiredString("id"),
                    fault: try Fault(json: faultJSON, vendors: context.vendors))
            } catch {
                throw error.path.hasPrefix(path + ".") ? error : error.inside(JSONFields.join(path, "fault"))
            }
        },
        write: {
            ["id": .string($0.ruleID), "description": .string($0.fault.description), "fault": $0.fault.jsonValue]
        },
        schema: { _ in
            WireSchemas.object(
                ["id": ["type": "string"], "description": ["type": "string"], "fault": ["type": "object"]],
                required: ["id", "description", "fault"])
        })
}
