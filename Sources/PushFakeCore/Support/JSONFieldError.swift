/// Why a JSON input PushFake reads (a fault rule, a matcher, a clock command, a configuration, apps, a state
/// document) cannot be used: the JSON path of the bad part and what was expected there.
///
/// ```swift
/// do {
///     _ = try RequestMatcher(json: ["vendor": "tpns", "operation": "regster"])
/// } catch {
///     error.path         // "operation"
///     error.description  // operation: "regster" is not a tpns operation; use register, unregister, …
/// }
/// ```
/// The admin API answers these with 400 and ``description`` as the message.
public struct JSONFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted path of the bad part inside the input (`fault.status`, `match.headers[0].name`); empty when the
    /// whole input is wrong.
    public let path: String
    /// What is wrong and what is allowed, e.g. `must be an integer from 200 to 599, not 99999`.
    public let problem: String

    /// An error at `path`.
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// An error without a path: `description` is the whole message.
    public init(description: String) {
        self.init(path: "", problem: description)
    }

    /// `path: problem`, or the problem alone when there is no path.
    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }

    /// The same error one level further in: `inside("fault")` turns `status` into `fault.status`, `inside("[2]")`
    /// turns `id` into `[2].id`.
    public func inside(_ parent: String) -> JSONFieldError {
        guard !parent.isEmpty else { return self }
        if path.isEmpty { return JSONFieldError(path: parent, problem: problem) }
        let separator = path.hasPrefix("[") ? "" : "."
        return JSONFieldError(path: parent + separator + path, problem: problem)
    }
}
