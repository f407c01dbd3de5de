/// What a matcher is evaluated against: a request about to be handled, or a journal entry.
struct MatchSubject {
    var vendor: Vendor?
    var operation: Operation?
    var app: String?
    var device: String?
    var request: FakeRequest
    var body: () -> JSON?
    var status: Int?
    var faulted: Bool?
    var unmatched: Bool
}

extension RequestMatcher {
    func matches(_ subject: MatchSubject) -> Bool {
        mismatches(subject, stopAtFirst: true).isEmpty
    }

    /// Every criterion the subject fails, as `field: expected …, got …` lines (used for "closest miss" output).
    func mismatches(_ subject: MatchSubject, stopAtFirst: Bool = false) -> [String] {
        var misses: [String] = []
        func miss(_ text: String) -> Bool {
            misses.append(text)
            return stopAtFirst
        }
        if let unmatched, unmatched != subject.unmatched,
            miss("route: expected \(unmatched ? "unmatched" : "a matched route")")
        {
            return misses
        }
        if let vendor, vendor != subject.vendor,
            miss("vendor: expected \(vendor), got \(subject.vendor.map(\.rawValue) ?? "none")")
        {
            return misses
        }
        if let operation, operation != subject.operation,
            miss("operation: expected \(operation), got \(subject.operation?.rawValue ?? "none")")
        {
            return misses
        }
        if let method, method != subject.request.method,
            miss("method: expected \(method), got \(subject.request.method)")
        {
            return misses
        }
        if let app, !String.sameBytes(app, subject.app), miss("app: expected \(app), got \(subject.app ?? "none")") {
            return misses
        }
        if let device, !String.sameBytes(device, subject.device),
            miss("device: expected \(device), got \(subject.device ?? "none")")
        {
            return misses
        }
        for (name, match) in headers {
            let value = subject.request.headers[name].map(JSON.string)
            if !match.matches(value), miss("header \(name): expected \(match), got \(value?.plainText ?? "absent")") {
                return misses
            }
        }
        if !bodyFields.isEmpty {
            let body = subject.body()
            for (path, match) in bodyFields {
                let value = body?.value(at: path)
                if !match.matches(value), miss("body.\(path): expected \(match), got \(value?.description ?? "absent")")
                {
                    return misses
                }
            }
        }
        if let status, status != subject.status,
            miss("status: expected \(status), got \(subject.status.map(String.init) ?? "none")")
        {
            return misses
        }
        if let faulted, faulted != (subject.faulted ?? false),
            miss("fault: expected \(faulted ? "a fault" : "no fault")")
        {
            return misses
        }
        return misses
    }
}

extension JournalEntry {
    var matchSubject: MatchSubject {
        MatchSubject(
            vendor: vendor, operation: operation, app: app, device: device, request: request, body: { body },
            status: status, faulted: fault != nil, unmatched: isUnmatched)
    }
}

extension Journal {
    /// Entries the matcher accepts, oldest first.
    public func entries(matching matcher: RequestMatcher) -> [JournalEntry] {
        entries.filter { matcher.matches($0.matchSubject) }
    }
}

extension RequestMatcher {
    /// Whether the journal entry satisfies every criterion.
    public func matches(_ entry: JournalEntry) -> Bool {
        matches(entry.matchSubject)
    }

    /// Every criterion the entry fails, as `field: expected …, got …` lines (empty when it matches).
    public func mismatches(in entry: JournalEntry) -> [String] {
        mismatches(entry.matchSubject)
    }
}
