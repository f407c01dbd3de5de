/// A description of requests, built from values: used by fault rules and journal queries alike.
///
/// Every criterion that is set must hold. Build one with the static entry points (``vendor(_:)``, ``any``, and
/// each vendor's own, such as `.tpns(.register)`) and refine it:
/// ```swift
/// let iosRegisters = RequestMatcher.vendor(vendor).operation(.register).bodyField("type", .equals("ios"))
/// let failed = RequestMatcher.any.status(500)
/// ```
/// The admin API, the CLI and state documents use its JSON form (``init(json:vendors:)``, ``jsonValue``).
/// Two matchers are equal when every criterion is; `.satisfies` predicates compare by their description.
public struct RequestMatcher: Sendable, Equatable, CustomStringConvertible {
    /// The vendor whose path prefix the request is under (unmatched requests have one too); `nil`: any.
    public var vendor: Vendor?
    /// The routed operation (`register`, `updateBadge`, …); `nil`: any. Unmatched requests have none.
    public var operation: Operation?
    /// The app the request was about, as its vendor names apps (an application key, an app id).
    public var app: String?
    /// The device the request was about, as its vendor names devices.
    public var device: String?
    /// The HTTP method, compared exactly: set it uppercase (``method(_:)`` does); `nil`: any.
    public var method: String?
    /// Header criteria, all of which must hold; names compare case-insensitively, the first value counts.
    public var headers: [(name: String, match: ValueMatch)] = []
    /// Body criteria by dotted path, all of which must hold; the body is parsed only when there are some.
    public var bodyFields: [(path: String, match: ValueMatch)] = []
    /// Only for journal queries: the response status.
    public var status: Int?
    /// Only for journal queries: whether a fault applied (`true`), did not (`false`), or either (`nil`).
    public var faulted: Bool?
    /// `true`: only unmatched requests; `false`: only routed ones; `nil`: either.
    public var unmatched: Bool?

    /// A matcher with no criteria: it matches every request, like ``any``.
    public init() {}

    /// Matches every request.
    public static var any: RequestMatcher { RequestMatcher() }

    /// Every request under one vendor's paths, routed or not.
    public static func vendor(_ vendor: Vendor) -> RequestMatcher {
        var matcher = RequestMatcher()
        matcher.vendor = vendor
        return matcher
    }

    /// Requests no route matched.
    public static var unmatchedRequests: RequestMatcher {
        var matcher = RequestMatcher()
        matcher.unmatched = true
        return matcher
    }

    /// Also requires this operation.
    public func operation(_ operation: Operation) -> RequestMatcher { with { $0.operation = operation } }
    /// Also requires this app (as the vendor names apps).
    public func app(_ app: String) -> RequestMatcher { with { $0.app = app } }
    /// Also requires this device (as the vendor names devices).
    public func device(_ device: String) -> RequestMatcher { with { $0.device = device } }
    /// Also requires this HTTP method, in any case (it is uppercased).
    public func method(_ method: String) -> RequestMatcher { with { $0.method = method.uppercased() } }
    /// Also requires this response status. Journal queries only: a fault rule runs before any response exists.
    public func status(_ status: Int) -> RequestMatcher { with { $0.status = status } }
    /// Also requires that a fault applied (`true`) or did not (`false`). Journal queries only.
    public func faulted(_ faulted: Bool = true) -> RequestMatcher { with { $0.faulted = faulted } }

    /// Also requires header `name` (case-insensitive; its first value) to satisfy `match`.
    public func header(_ name: String, _ match: ValueMatch) -> RequestMatcher {
        with { $0.headers.append((name, match)) }
    }

    /// Also requires header `name` to be exactly `value`.
    public func header(_ name: String, equals value: String) -> RequestMatcher {
        header(name, .equals(.string(value)))
    }

    /// A body field by dotted path (`type`, `device.latitude`, `[0].key`).
    public func bodyField(_ path: String, _ match: ValueMatch) -> RequestMatcher {
        with { $0.bodyFields.append((path, match)) }
    }

    /// Also requires the body field at `path` to equal `value` as JSON.
    public func bodyField(_ path: String, equals value: JSON) -> RequestMatcher {
        bodyField(path, .equals(value))
    }

    private func with(_ change: (inout RequestMatcher) -> Void) -> RequestMatcher {
        var copy = self
        change(&copy)
        return copy
    }

    /// Whether two matchers have the same criteria (header and body criteria in the same order).
    public static func == (lhs: RequestMatcher, rhs: RequestMatcher) -> Bool {
        lhs.vendor == rhs.vendor && lhs.operation == rhs.operation && lhs.app == rhs.app && lhs.device == rhs.device
            && lhs.method == rhs.method && lhs.status == rhs.status && lhs.faulted == rhs.faulted
            && lhs.unmatched == rhs.unmatched
            && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.match) == rhs.headers.map(\.match)
            && lhs.bodyFields.map(\.path) == rhs.bodyFields.map(\.path)
            && lhs.bodyFields.map(\.match) == rhs.bodyFields.map(\.match)
    }

    /// The criteria as `vendor=…, operation=register, …`, or `any request`.
    public var description: String {
        var parts: [String] = []
        if let vendor { parts.append("vendor=\(vendor)") }
        if let operation { parts.append("operation=\(operation)") }
        if let app { parts.append("app=\(app)") }
        if let device { parts.append("device=\(device)") }
        if let method { parts.append("method=\(method)") }
        for (name, match) in headers { parts.append("header \(name) \(match)") }
        for (path, match) in bodyFields { parts.append("body.\(path) \(match)") }
        if let status { parts.append("status=\(status)") }
        if let faulted { parts.append(faulted ? "faulted" : "not faulted") }
        if let unmatched { parts.append(unmatched ? "unmatched" : "matched a route") }
        return parts.isEmpty ? "any request" : parts.joined(separator: ", ")
    }
}

/// What a header value or body field must be.
///
/// Equal when the criteria are; two `.satisfies` predicates are equal when their descriptions are (closures cannot
/// be compared).
public struct ValueMatch: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable {
        case equals(JSON)
        case contains(String)
        case present
        case absent
        case predicate(String, @Sendable (JSON?) -> Bool)
    }

    let kind: Kind

    /// Whether the criteria are the same; predicates compare by description.
    public static func == (lhs: ValueMatch, rhs: ValueMatch) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.equals(let left), .equals(let right)): return left == right
        case (.contains(let left), .contains(let right)): return left == right
        case (.present, .present), (.absent, .absent): return true
        case (.predicate(let left, _), .predicate(let right, _)): return left == right
        default: return false
        }
    }

    /// Equal as JSON: the string `"4711"` is not the number `4711` (use `.contains` for a loose match).
    public static func equals(_ value: JSON) -> ValueMatch { ValueMatch(kind: .equals(value)) }
    /// The value's text (strings bare, other values as compact JSON) contains `text`.
    public static func contains(_ text: String) -> ValueMatch { ValueMatch(kind: .contains(text)) }
    /// The field is present (any value, including `null`).
    public static var present: ValueMatch { ValueMatch(kind: .present) }
    /// The field is absent.
    public static var absent: ValueMatch { ValueMatch(kind: .absent) }
    /// A custom test; `description` is shown in failure messages.
    public static func satisfies(_ description: String, _ test: @escaping @Sendable (JSON?) -> Bool) -> ValueMatch {
        ValueMatch(kind: .predicate(description, test))
    }

    /// Whether this is a `.satisfies` predicate, which has no JSON form.
    var isPredicate: Bool {
        if case .predicate = kind { return true }
        return false
    }

    /// Whether `value` passes; `nil` means the header or field is absent.
    public func matches(_ value: JSON?) -> Bool {
        switch kind {
        case .equals(let expected): return value == expected
        case .contains(let text): return value.map { $0.plainText.containsBytes(text) } ?? false
        case .present: return value != nil
        case .absent: return value == nil
        case .predicate(_, let test): return test(value)
        }
    }

    /// The criterion as failure messages show it: `== "IOS"`, `contains "x"`, `is present`, ….
    public var description: String {
        switch kind {
        case .equals(let value): return "== \(value)"
        case .contains(let text): return "contains \"\(text)\""
        case .present: return "is present"
        case .absent: return "is absent"
        case .predicate(let description, _): return "satisfies \(description)"
        }
    }
}
