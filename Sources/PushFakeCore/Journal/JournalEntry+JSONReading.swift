import Foundation

extension JournalEntry {
    /// The keys of a JSON Lines object (RecordingFormat.md, "JSON Lines entries").
    static let jsonKeys = [
        "v", "seq", "time", "transport", "vendor", "operation", "route", "params", "app", "device", "request", "fault",
        "response", "outcome", "delay", "deliveries", "notes", "proxied",
    ]

    /// Reads a JSON Lines object (``jsonValue``) back into the entry it was written from, with the fault keys of
    /// `vendors` for the applied fault (`fault.fault`). Times are kept to the millisecond, as the line writes them;
    /// `json` members are derived from the bodies and not read.
    ///
    /// ```swift
    /// let entries = try journal["entries"]?.arrayValue?.map { try JournalEntry(json: $0) } ?? []
    /// ```
    /// - Throws: ``JSONFieldError`` naming the member (`request.headers[2]`, `fault.fault`) and what it must be.
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "", allowed: Self.jsonKeys)
        guard try fields.int("v", in: 0...Int.max) == Self.schemaVersion else {
            throw fields.failure(
                "v", "must be \(Self.schemaVersion), the JSON Lines schema version this PushFake reads")
        }
        let vendor = try fields.string("vendor").map(Vendor.init)
        var route: RouteMatch?
        if let operation = try fields.string("operation") {
            guard let vendor else { throw fields.failure("vendor", "is required when operation is given") }
            var parameters: [String: String] = [:]
            if let params = fields.value("params") {
                let object = try JSONFields(
                    params, path: fields.childPath("params"), allowed: params.objectValue?.keys ?? [])
                for key in object.object.keys { parameters[key] = try object.requiredString(key, nonEmpty: false) }
            }
            route = RouteMatch(
                vendor: vendor, operation: Operation(operation), parameters: parameters,
                template: try fields.requiredString("route"))
        }
        let transportName = try fields.requiredString("transport")
        guard let transport = FakeRequest.Transport(rawValue: transportName) else {
            throw fields.failure("transport", "must be http, urlProtocol or direct, not \"\(transportName)\"")
        }
        let outcomeName = try fields.requiredString("outcome")
        guard let outcome = Outcome(rawValue: outcomeName) else {
            throw fields.failure(
                "outcome", "must be responded, dropped or droppedAfterHandling, not \"\(outcomeName)\"")
        }
        let requestFields = try JSONFields(
            fields.required("request"), path: "request",
            allowed: ["method", "path", "query", "headers", "body", "bodyBase64", "json", "bodyAvailable"])
        var request = FakeRequest(
            method: try requestFields.requiredString("method", nonEmpty: false),
            path: try requestFields.requiredString("path", nonEmpty: false),
            query: try requestFields.string("query", nonEmpty: false) ?? "",
            headers: try Self.headers(requestFields), body: try Self.body(requestFields), transport: transport)
        request.bodyAvailable = try requestFields.bool("bodyAvailable") ?? true
        let responseFields = try JSONFields(
            fields.required("response"), path: "response", allowed: ["status", "headers", "body", "bodyBase64", "json"])
        let response = FakeResponse(
            status: try responseFields.int("status", in: 0...999) ?? 0, headers: try Self.headers(responseFields),
            body: try Self.body(responseFields))
        guard let sequence = try fields.int("seq", in: 1...Int.max) else { throw fields.failure("seq", "is required") }
        guard let time = try fields.date("time") else { throw fields.failure("time", "is required") }
        self.init(
            sequence: sequence, time: time,
            request: request, route: route, vendor: vendor, app: try fields.string("app", nonEmpty: false),
            device: try fields.string("device", nonEmpty: false), fault: try Self.fault(fields, vendors: vendors),
            response: response, outcome: outcome, delay: try fields.double("delay", in: 0...Fault.maximumDelay) ?? 0,
            deliveryIDs: try fields.strings("deliveries") ?? [], notes: try fields.strings("notes") ?? [],
            proxied: try Self.proxied(fields))
    }

    /// `proxied`: absent, `null` or ``ProxiedExchange/jsonValue``. (No typed-throws closure: Swift 6.0 rejects one
    /// passed to `Optional.map`.)
    private static func proxied(_ fields: JSONFields) throws(JSONFieldError) -> ProxiedExchange? {
        guard let value = fields.value("proxied") else { return nil }
        return try ProxiedExchange(json: value)
    }

    /// `fault`: `null` or `{"id", "description", "fault"}`.
    private static func fault(_ fields: JSONFields, vendors: VendorRegistry) throws(JSONFieldError) -> AppliedFault? {
        guard let value = fields.value("fault") else { return nil }
        let object = try JSONFields(value, path: "fault", allowed: ["id", "description", "fault"])
        _ = try object.string("description", nonEmpty: false)
        guard let faultJSON = object.value("fault") else {
            throw object.failure(
                "fault", "is required to read the fault back (the fault rule's fault in its JSON form)")
        }
        do throws(JSONFieldError) {
            return AppliedFault(
                ruleID: try object.requiredString("id"), fault: try Fault(json: faultJSON, vendors: vendors))
        } catch {
            throw error.path.hasPrefix("fault.") ? error : error.inside("fault.fault")
        }
    }

    /// `[name, value]` pairs of strings.
    static func headers(_ fields: JSONFields) throws(JSONFieldError) -> HTTPHeaders {
        switch HTTPHeaders.fromPairs(try fields.array("headers") ?? []) {
        case .success(let headers): return headers
        case .failure(let bad): throw fields.failure("headers[\(bad.index)]", "must be a [name, value] pair of strings")
        }
    }

    /// `body` (text) or `bodyBase64`; neither is an empty body.
    static func body(_ fields: JSONFields) throws(JSONFieldError) -> [UInt8] {
        if let encoded = try fields.string("bodyBase64", nonEmpty: false) {
            guard let data = Data(base64Encoded: encoded) else { throw fields.failure("bodyBase64", "is not Base64") }
            return Array(data)
        }
        return Array((try fields.string("body", nonEmpty: false) ?? "").utf8)
    }
}
