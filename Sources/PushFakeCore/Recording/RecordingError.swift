/// Why a recording file cannot be used: where (the line or entry) and what is wrong with which field.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `line 3`, `entry 2`, `HAR`; empty when the problem is the whole file.
    public let location: String
    /// The field's dotted path inside the line or entry, when one field is to blame (`request.method`).
    public let field: String?
    /// What is wrong, e.g. `must be a string, not a number`.
    public let problem: String

    /// Creates an error.
    public init(location: String, field: String? = nil, problem: String) {
        self.location = location
        self.field = field
        self.problem = problem
    }

    /// `line 3: request.method must be a string, not a number`, or `the recording is not UTF-8 text`.
    public var description: String {
        (location.isEmpty ? "" : "\(location): ") + (field.map { "\($0) " } ?? "") + problem
    }
}
