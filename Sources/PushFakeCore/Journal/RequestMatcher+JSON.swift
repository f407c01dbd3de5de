/// The one JSON form of ``RequestMatcher``: fault rules (`match`), journal queries, verify and wait.
///
/// ```json
/// {"vendor": "tpns", "operation": "register", "app": "APPKEY", "device": "D1", "method": "POST",
///  "status": 200, "faulted": false, "unmatched": false,
///  "headers": [{"name": "X-Env", "equals": "ci"}],
///  "bodyFields": [{"path": "applicationType", "equals": "IOS"}, {"path": "deviceRegistrationId", "present": true}]}
/// ```
/// Every field is optional; `{}` matches every request. `header` and `body` are accepted for `headers` and
/// `bodyFields`, each as one object or an array of them. Parsing is strict (FakeBehaviour.md, Matchers): a
/// vendor must be registered (any case), an operation must be one of that vendor's (of any vendor's without one),
/// `status` an integer 100…599, and every field of the right type; the error names the field and lists what is
/// allowed.
extension RequestMatcher {
    /// The keys of the JSON form.
    static let jsonKeys = [
        "vendor", "operation", "app", "device", "method", "status", "faulted", "unmatched", "header", "headers", "body",
        "bodyFields",
    ]

    /// The statuses a matcher may ask for.
    public static let statusRange = 100...599

    /// Reads the JSON form, with the vendor names and operations of `vendors`.
    /// - Throws: ``JSONFieldError`` whose path is relative to the matcher (`operation`, `headers[0].name`).
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "", allowed: Self.jsonKeys)
        self.init()
        if let name = try fields.string("vendor") {
            guard let vendor = vendors.vendor(named: name) else {
                throw fields.failure(
                    "vendor",
                    "\"\(name)\" is not a registered vendor; use \(JSONFields.list(vendors.vendors.map(\.rawValue)))")
            }
            self.vendor = vendor
        }
        if let name = try fields.string("operation") {
            let valid = vendor.map { vendors.operations(of: $0) } ?? vendors.allOperations
            guard valid.contains(Operation(name)) else {
                let owner = vendor.map { "a \($0) operation" } ?? "an operation of any vendor"
                throw fields.failure(
                    "operation", "\"\(name)\" is not \(owner); use \(valid.map(\.rawValue).joined(separator: ", "))")
            }
            operation = Operation(name)
        }
        app = try fields.string("app")
        device = try fields.string("device")
        if let text = try fields.string("method") {
            guard text.utf8.allSatisfy(Self.isTokenByte) else {
                throw fields.failure("method", "must be an HTTP method such as GET or POST, not \"\(text)\"")
            }
            method = text.uppercased()
        }
        status = try fields.int("status", in: Self.statusRange)
        faulted = try fields.bool("faulted")
        unmatched = try fields.bool("unmatched")
        for key in ["header", "headers"] {
            for (path, item) in try Self.items(fields, key) {
                headers.append(try Self.valueMatch(item, path: path, nameKey: "name", stringsOnly: true))
            }
        }
        for key in ["body", "bodyFields"] {
            for (path, item) in try Self.items(fields, key) {
                bodyFields.append(try Self.valueMatch(item, path: path, nameKey: "path", stringsOnly: false))
            }
        }
    }

    /// The JSON form, or `nil` when a criterion is a `.satisfies` predicate, which JSON cannot express.
    /// For every matcher built from values, `RequestMatcher(json: m.jsonValue!, vendors:) == m`.
    public var jsonValue: JSON? { json(markingPredicates: false) }

    /// Whether ``jsonValue`` can express the matcher (it has no `.satisfies` predicate).
    public var isExpressibleAsJSON: Bool { jsonValue != nil }

    /// The matcher without its `.satisfies` criteria: it accepts every request this one accepts, and always has a
    /// JSON form (a remote fixture waits on the server for it, then applies the predicates itself).
    package var withoutPredicates: RequestMatcher {
        var copy = self
        copy.headers.removeAll { $0.match.isPredicate }
        copy.bodyFields.removeAll { $0.match.isPredicate }
        return copy
    }

    /// The JSON form; a predicate appears as `{"path": …, "satisfies": "<description>"}` when `markingPredicates`
    /// (for listings, which ``init(json:vendors:)`` then refuses), or makes the result `nil`.
    func json(markingPredicates: Bool) -> JSON? {
        var object = JSONObject()
        if let vendor { object["vendor"] = .string(vendor.rawValue) }
        if let operation { object["operation"] = .string(operation.rawValue) }
        if let app { object["app"] = .string(app) }
        if let device { object["device"] = .string(device) }
        if let method { object["method"] = .string(method) }
        if let status { object["status"] = .int(status) }
        if let faulted { object["faulted"] = .bool(faulted) }
        if let unmatched { object["unmatched"] = .bool(unmatched) }
        var headerItems: [JSON] = []
        for (name, match) in headers {
            guard let item = match.json(name: ("name", name), markingPredicates: markingPredicates) else { return nil }
            headerItems.append(item)
        }
        if !headerItems.isEmpty { object["headers"] = .array(headerItems) }
        var bodyItems: [JSON] = []
        for (path, match) in bodyFields {
            guard let item = match.json(name: ("path", path), markingPredicates: markingPredicates) else { return nil }
            bodyItems.append(item)
        }
        if !bodyItems.isEmpty { object["bodyFields"] = .array(bodyItems) }
        return .object(object)
    }

    /// One object or an array of objects under `key`, each with its path.
    private static func items(_ fields: JSONFields, _ key: String) throws(JSONFieldError) -> [(String, JSON)] {
        guard let value = fields.value(key) else { return [] }
        guard let array = value.arrayValue else { return [(fields.childPath(key), value)] }
        return array.enumerated().map { (fields.childPath(key) + "[\($0.offset)]", $0.element) }
    }

    /// `{"name"|"path": …, "equals"|"contains"|"present"|"absent": …}`.
    private static func valueMatch(
        _ item: JSON, path: String, nameKey: String, stringsOnly: Bool
    ) throws(JSONFieldError) -> (String, ValueMatch) {
        let operators = ["equals", "contains", "present", "absent"]
        let fields = try JSONFields(item, path: path, allowed: [nameKey] + operators)
        let name = try fields.requiredString(nameKey)
        let given = operators.filter { fields.object.contains($0) }
        guard given.count == 1, let key = given.first, let value = fields.object[key] else {
            throw JSONFieldError(
                path: path, problem: "needs exactly one of equals, contains, present or absent (got \(given.count))")
        }
        switch key {
        case "equals":
            if stringsOnly, value.stringValue == nil {
                throw fields.failure(
                    key, "must be a string (header values are text), not \(JSONFields.describe(value))")
            }
            return (name, .equals(value))
        case "contains":
            return (name, .contains(try fields.requiredString(key, nonEmpty: false)))
        default:
            guard let flag = try fields.bool(key) else { throw fields.failure(key, "must be true or false, not null") }
            return (name, (key == "present") == flag ? .present : .absent)
        }
    }

    /// RFC 9110 `tchar`: what a method may be made of.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension ValueMatch {
    /// `{"name": "X-Env", "equals": "ci"}`; `nil` for a predicate unless marked as `satisfies`.
    func json(name: (key: String, value: String), markingPredicates: Bool) -> JSON? {
        var object: JSONObject = [name.key: .string(name.value)]
        switch kind {
        case .equals(let value): object["equals"] = value
        case .contains(let text): object["contains"] = .string(text)
        case .present: object["present"] = true
        case .absent: object["absent"] = true
        case .predicate(let description, _):
            guard markingPredicates else { return nil }
            object["satisfies"] = .string(description)
        }
        return .object(object)
    }
}
