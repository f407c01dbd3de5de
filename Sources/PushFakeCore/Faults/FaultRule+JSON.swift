/// The JSON form of fault rules, shared by the admin API (`POST /__pushfake/faults`) and the CLI.
///
/// ```json
/// {"match": {"vendor": "<name>", "operation": "register", "app": "testApp", "device": "D1",
///            "header": {"name": "X-Env", "equals": "ci"}, "body": {"path": "type", "equals": "ios"}},
///  "fault": {"status": 503},
///  "scope": {"times": 2}}
/// ```
/// `fault` is a vendor's own error key (each registered vendor declares its ``VendorFaultKey``s, e.g. an error
/// code), or `{"status": 503, "body": {…}}`, `{"delay": 2.5}`, `{"drop": "connection" | "response"}`,
/// `{"malformedBody": true}`; any of them may add `"delay": seconds`. `scope` is `"once"` (default), `"always"`,
/// or `{"times": n, "after": k, "probability": p}`. `match` defaults to every request; its `vendor` must be a
/// registered vendor's name.
public struct FaultRuleSpec: Sendable {
    /// From `match`; ``RequestMatcher/any`` when absent or `null`.
    public var matcher: RequestMatcher
    /// From `fault`, which is required.
    public var fault: Fault
    /// From `scope`; ``FaultScope/once`` when absent.
    public var scope: FaultScope

    /// Why a JSON fault rule cannot be used.
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        /// What is wrong; the admin API answers it with 400.
        public let description: String

        /// A reason, for vendor fault keys that cannot read their value.
        public init(description: String) {
            self.description = description
        }
    }

    /// Creates a rule spec from values, for callers that already have them.
    public init(matcher: RequestMatcher, fault: Fault, scope: FaultScope) {
        self.matcher = matcher
        self.fault = fault
        self.scope = scope
    }

    /// Parses the JSON form above, with the vendor names and fault keys of `vendors` (the standard registry unless
    /// told otherwise; an engine's is ``PushFake/vendors``).
    /// - Throws: ``Invalid`` naming the first field that is missing, unknown or out of range.
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(Invalid) {
        guard let object = json.objectValue else { throw Invalid(description: "a fault rule must be a JSON object") }
        matcher = try Self.matcher(object["match"], vendors: vendors)
        guard let faultJSON = object["fault"] else { throw Invalid(description: "missing \"fault\"") }
        fault = try Self.fault(faultJSON, vendors: vendors)
        scope = try Self.scope(object["scope"])
    }

    private static func matcher(_ json: JSON?, vendors: VendorRegistry) throws(Invalid) -> RequestMatcher {
        guard let json, !json.isNull else { return .any }
        guard let object = json.objectValue else { throw Invalid(description: "\"match\" must be an object") }
        var matcher = RequestMatcher()
        for member in object.members {
            switch (member.key, member.value) {
            case ("vendor", .string(let name)):
                guard let vendor = vendors.vendor(named: name) else {
                    throw Invalid(description: "unknown vendor \(name); use \(vendors.vendorNameList)")
                }
                matcher.vendor = vendor
            case ("operation", .string(let name)): matcher.operation = Operation(name)
            case ("app", .string(let app)): matcher.app = app
            case ("device", .string(let device)): matcher.device = device
            case ("method", .string(let method)): matcher.method = method.uppercased()
            case ("unmatched", .bool(let flag)): matcher.unmatched = flag
            case ("header", _), ("headers", _):
                for item in member.value.arrayValue ?? [member.value] {
                    let (name, match) = try fieldMatch(item, key: "name")
                    matcher.headers.append((name, match))
                }
            case ("body", _), ("bodyFields", _):
                for item in member.value.arrayValue ?? [member.value] {
                    let (path, match) = try fieldMatch(item, key: "path")
                    matcher.bodyFields.append((path, match))
                }
            default:
                throw Invalid(description: "unsupported match field \"\(member.key)\" = \(member.value)")
            }
        }
        return matcher
    }

    private static func fieldMatch(_ json: JSON, key: String) throws(Invalid) -> (String, ValueMatch) {
        guard let name = json[key]?.stringValue else {
            throw Invalid(description: "a header/body matcher needs \"\(key)\"")
        }
        if let value = json["equals"] { return (name, .equals(value)) }
        if let text = json["contains"]?.stringValue { return (name, .contains(text)) }
        if json["present"] == true { return (name, .present) }
        if json["absent"] == true || json["present"] == false { return (name, .absent) }
        throw Invalid(description: "matcher for \(name) needs \"equals\", \"contains\", \"present\" or \"absent\"")
    }

    private static func fault(_ json: JSON, vendors: VendorRegistry) throws(Invalid) -> Fault {
        guard let object = json.objectValue else { throw Invalid(description: "\"fault\" must be an object") }
        let delay = object["delay"]?.doubleValue ?? 0
        if delay < 0 { throw Invalid(description: "\"delay\" must be ≥ 0") }
        let base: Fault
        if let (key, value) = vendorKey(in: object, vendors: vendors) {
            base = try key.parse(value, object)
        } else if let status = object["status"] {
            guard let code = status.intValue, (100...599).contains(code) else {
                throw Invalid(description: "\"status\" must be an HTTP status between 100 and 599")
            }
            base = .status(code, body: object["body"])
        } else if let drop = object["drop"]?.stringValue {
            switch drop {
            case "connection": base = .dropConnection
            case "response": base = .dropResponse
            default: throw Invalid(description: "\"drop\" must be \"connection\" or \"response\"")
            }
        } else if object["malformedBody"] == true {
            base = .malformedBody
        } else if object["delay"] != nil {
            return .delay(delay)
        } else {
            let keys = vendors.faultKeys.map(\.key) + ["status", "delay", "drop", "malformedBody"]
            throw Invalid(description: "\"fault\" needs one of \(keys.joined(separator: ", "))")
        }
        return delay > 0 ? base.delayed(by: delay) : base
    }

    /// The first vendor fault key, in registration order, that the fault object has.
    private static func vendorKey(in object: JSONObject, vendors: VendorRegistry) -> (VendorFaultKey, JSON)? {
        for key in vendors.faultKeys {
            if let value = object[key.key] { return (key, value) }
        }
        return nil
    }

    private static func scope(_ json: JSON?) throws(Invalid) -> FaultScope {
        switch json {
        case nil, .null?, .string("once")?: return .once
        case .string("always")?: return .always
        case .object(let object)?:
            let times = object["times"]?.intValue
            let after = object["after"]?.intValue ?? 0
            let probability = object["probability"]?.doubleValue ?? 1
            guard (0...1).contains(probability) else { throw Invalid(description: "probability must be in 0…1") }
            let unlimited = object["times"] == nil && (object["after"] != nil || object["probability"] != nil)
            return FaultScope(skip: after, limit: unlimited ? nil : (times ?? 1), probability: probability)
        default:
            throw Invalid(
                description: "\"scope\" must be \"once\", \"always\" or {\"times\",\"after\",\"probability\"}")
        }
    }
}

extension FaultRule {
    /// The rule as JSON, with its counters.
    public var jsonValue: JSON {
        var scopeObject: JSONObject = ["after": .int(scope.skip), "times": scope.limit.map(JSON.int) ?? .null]
        scopeObject["probability"] = .double(scope.probability)
        return [
            "id": .string(id), "match": .string(matcher.description), "fault": .string(fault.description),
            "scope": .object(scopeObject), "matchCount": .int(matchCount), "appliedCount": .int(appliedCount),
            "exhausted": .bool(isExhausted),
        ]
    }
}

extension PushFake {
    /// Adds a rule from its JSON form.
    @discardableResult
    public func inject(_ spec: FaultRuleSpec) -> String {
        inject(spec.fault, when: spec.matcher, scope: spec.scope)
    }
}
