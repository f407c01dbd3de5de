/// The JSON form of a ``Fault``: the `fault` object of a fault rule (FakeBehaviour.md, Faults).
///
/// ```json
/// {"tpnsError": -1001}
/// {"twinPushError": "InvalidToken", "message": "…"}
/// {"status": 503, "body": {"error": "busy"}, "delay": 2.0}
/// {"delay": 2.5}
/// {"drop": "connection"}      {"drop": "response"}      {"malformedBody": true}
/// ```
/// Exactly one of a vendor's keys, `status`, `drop` and `malformedBody` (or only `delay`); `body` goes with
/// `status`, a vendor key's companions (`message`) with that key, and `delay` with any of them.
extension Fault {
    /// The keys the engine reads itself.
    static let engineKeys = ["status", "body", "delay", "drop", "malformedBody"]

    /// Reads the JSON form with the fault keys of `vendors`.
    /// - Throws: ``JSONFieldError`` whose path is relative to the `fault` object (`status`, `tpnsError`).
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(JSONFieldError) {
        let vendorKeys = vendors.faultKeys
        var allowed = vendorKeys.map(\.key)
        for name in vendorKeys.flatMap(\.companions) + Self.engineKeys where !allowed.contains(name) {
            allowed.append(name)
        }
        let fields = try JSONFields(json, path: "", allowed: allowed)
        let delay = try fields.double("delay", in: 0...Self.maximumDelay) ?? 0
        let present = fields.object.keys
        let kinds =
            vendorKeys.map(\.key).filter(present.contains)
            + ["status", "drop", "malformedBody"].filter(present.contains)
        let kindList = JSONFields.list(vendorKeys.map(\.key) + ["status", "drop", "malformedBody", "delay"])
        let base: Fault
        if let vendorKey = vendorKeys.first(where: { present.contains($0.key) }) {
            for key in present where key != vendorKey.key && key != "delay" && !vendorKey.companions.contains(key) {
                let takes = JSONFields.list(vendorKey.companions + ["delay"])
                throw fields.failure(key, "cannot go with \(vendorKey.key), which takes \(takes)")
            }
            guard let value = fields.object[vendorKey.key] else { throw fields.failure(vendorKey.key, "is required") }
            do throws(JSONFieldError) {
                base = try vendorKey.parse(value, fields.object)
            } catch {
                throw error.path.isEmpty ? error.inside(vendorKey.key) : error
            }
        } else {
            if kinds.count > 1 {
                throw JSONFieldError(
                    description: "give one of \(kindList), not \(kinds.joined(separator: " and "))")
            }
            if present.contains("body"), !present.contains("status") {
                throw fields.failure("body", "goes with status; it is the body answered with that status")
            }
            // A vendor key's own companions (`message`) mean nothing without it.
            for companion in vendorKeys.flatMap(\.companions)
            where present.contains(companion) && !Self.engineKeys.contains(companion) {
                let owners = vendorKeys.filter { $0.companions.contains(companion) }.map(\.key)
                throw fields.failure(companion, "goes with \(JSONFields.list(owners))")
            }
            switch kinds.first {
            case "status"?:
                guard let status = try fields.int("status", in: Self.statusRange) else {
                    throw fields.failure("status", "must be an integer from 200 to 599, not null")
                }
                base = .status(status, body: fields.value("body"))
            case "drop"?:
                switch try fields.requiredString("drop") {
                case "connection": base = .dropConnection
                case "response": base = .dropResponse
                case let other: throw fields.failure("drop", "must be \"connection\" or \"response\", not \"\(other)\"")
                }
            case "malformedBody"?:
                guard try fields.bool("malformedBody") == true else {
                    throw fields.failure("malformedBody", "must be true (leave it out for a well-formed body)")
                }
                base = .malformedBody
            default:
                guard present.contains("delay") else { throw JSONFieldError(description: "needs one of \(kindList)") }
                base = .delay(delay)
            }
        }
        self = delay > 0 ? base.delayed(by: delay) : base
    }

    /// The JSON form; ``init(json:vendors:)`` reads it back into an equal fault. A vendor error whose
    /// ``VendorError/json`` is `nil` is written as the `status` and `body` it answers with.
    public var jsonValue: JSON {
        var object = JSONObject()
        switch kind {
        case .none:
            object["delay"] = .double(delay)
            return .object(object)
        case .vendorError(let error):
            if let members = error.json {
                object = members
            } else {
                object["status"] = .int(error.response.status)
                if let body = error.response.json { object["body"] = body }
            }
        case .status(let status, let body):
            object["status"] = .int(status)
            if let body { object["body"] = body }
        case .dropConnection: object["drop"] = "connection"
        case .dropResponse: object["drop"] = "response"
        case .malformedBody: object["malformedBody"] = true
        }
        if delay > 0 { object["delay"] = .double(delay) }
        return .object(object)
    }
}

extension Fault {
    /// The fault in a word for log lines, from its JSON form: `tpnsError(-1001)`, `status(503)+delay(2)`,
    /// `drop(connection)`, `twinPushError(InvalidToken)`.
    public var logLabel: String {
        guard let object = jsonValue.objectValue else { return description }
        return object.members.compactMap { member -> String? in
            switch member.value {
            case .string(let text): return "\(member.key)(\(text))"
            case .int, .double, .bool: return "\(member.key)(\(member.value.serializedString()))"
            default: return member.key == "body" || member.key == "message" ? nil : member.key
            }
        }.joined(separator: "+")
    }
}
