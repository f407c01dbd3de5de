/// Why a state document cannot be loaded (``PushFake/loadState(_:)``): which document, the JSON path of the
/// bad part and what was expected there. Nothing was loaded.
public struct StateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document's index in ``PushFake/loadState(documents:)`` (0 for the first); `nil` for a single document.
    public let document: Int?
    /// The dotted path inside the document, e.g. `vendors.twinPush.devices[1].udid`; empty for the whole document.
    public let path: String
    /// What is wrong and what is allowed.
    public let problem: String

    /// An error at `path` of document `document`.
    public init(document: Int?, path: String, problem: String) {
        self.document = document
        self.path = path
        self.problem = problem
    }

    init(_ error: JSONFieldError, document: Int?) {
        self.init(document: document, path: error.path, problem: error.problem)
    }

    /// `document 2: vendors.twinPush.devices[1].udid: is required` (without the document part for one document).
    public var description: String {
        let location = JSONFieldError(path: path, problem: problem).description
        return document.map { "document \($0 + 1): \(location)" } ?? location
    }
}
