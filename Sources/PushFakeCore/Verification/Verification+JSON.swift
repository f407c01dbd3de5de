/// The JSON forms of the expectations the admin API checks (`POST /__pushfake/verify`, `POST /__pushfake/wait`):
/// the same matcher form as fault rules and journal queries, with a count.
///
/// ```json
/// {"match": {"vendor": "tpns", "operation": "register"}, "count": {"exactly": 1}}
/// {"inOrder": [{"operation": "register"}, {"operation": "pushNotifications"}]}
/// {"match": {"vendor": "twinPush", "operation": "openApp"}, "count": {"atLeast": 1}, "timeout": 5}
/// ```
extension RequestCount {
    /// Reads `{"exactly": n}`, `{"atLeast": n}`, `{"atMost": n}` or `{"never": true}`.
    /// - Throws: ``JSONFieldError`` at `path` naming the bad key or value.
    public init(json: JSON, path: String = "count") throws(JSONFieldError) {
        let fields = try JSONFields(json, path: path, allowed: ["exactly", "atLeast", "atMost", "never"])
        guard fields.object.count == 1, let key = fields.object.keys.first, let value = fields.value(key) else {
            throw JSONFieldError(path: path, problem: "needs exactly one of exactly, atLeast, atMost or never")
        }
        if key == "never" {
            guard value == true else { throw fields.failure(key, "must be true") }
            self = .never
            return
        }
        let count = try JSONFields.int(value, in: 0...Self.largest, path: fields.childPath(key))
        switch key {
        case "exactly": self = .exactly(count)
        case "atLeast": self = .atLeast(count)
        default: self = .atMost(count)
        }
    }

    /// The largest count the JSON form accepts: far above any journal a test keeps.
    public static let largest = 1_000_000_000

    /// The JSON form, for a remote fixture to send.
    public var jsonValue: JSON {
        switch (minimum, maximum) {
        case (0, 0?): return ["never": true]
        case (let low, let high?) where low == high: return ["exactly": .int(low)]
        case (0, let high?): return ["atMost": .int(high)]
        case (let low, _): return ["atLeast": .int(low)]
        }
    }
}

/// What `POST /__pushfake/verify` checks: a count of matching entries, or matchers in order.
public enum VerifyRequest: Sendable, Equatable {
    /// This many entries match.
    case count(RequestMatcher, RequestCount)
    /// Entries matching each matcher appear in this order.
    case inOrder([RequestMatcher])

    /// Reads `{"match": …, "count": …}` (count defaults to exactly one, like `assertRequested`) or
    /// `{"inOrder": [matchers]}`.
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(JSONFieldError) {
        self = try Self.wire.read(json, context: WireContext(vendors: vendors))
    }

    /// Checks the expectation against the entries.
    public func check(_ entries: [JournalEntry]) -> Verification {
        switch self {
        case .count(let matcher, let count): return Verification.count(matcher, count, in: entries)
        case .inOrder(let matchers): return Verification.inOrder(matchers, in: entries)
        }
    }
}

/// What `POST /__pushfake/wait` waits for: `count` entries matching `match`, at most `timeout` seconds.
public struct WaitRequest: Sendable, Equatable {
    /// The entries to wait for.
    public var matcher: RequestMatcher
    /// Defaults to at least one.
    public var count: RequestCount
    /// Seconds, 0…``maximumTimeout``; defaults to 10.
    public var timeout: Double

    /// The longest a wait may last: an hour.
    public static let maximumTimeout: Double = 3600

    /// A wait for `count` entries matching `matcher`, for at most `timeout` seconds.
    public init(matcher: RequestMatcher, count: RequestCount = .atLeast(1), timeout: Double = 10) {
        self.matcher = matcher
        self.count = count
        self.timeout = timeout
    }

    /// Reads `{"match": …, "count": …, "timeout": seconds}` (``wire``).
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(JSONFieldError) {
        self = try Self.wire.read(json, context: WireContext(vendors: vendors))
    }
}
