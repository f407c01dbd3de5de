import PushFakeCore
import PushFakeHTTP1

/// Which body limit a request has: state documents (`PUT /__pushfake/state`) and recordings
/// (`POST /__pushfake/recordings/compare`), at the top level or under an instance, have their own
/// (``ServerConfiguration/maxStateBytes``, ``ServerConfiguration/maxRecordingBytes``); everything else has
/// ``ServerConfiguration/maxBodyBytes``. The parser asks before it reads a body, so an upload over its limit is
/// answered 413 without being read.
struct UploadLimits: Sendable {
    let body: Int
    let state: Int
    let recording: Int
    /// The operations whose uploads these are.
    let operations: AdminOperationTable

    init(_ configuration: ServerConfiguration, operations: AdminOperationTable) {
        body = configuration.maxBodyBytes
        state = configuration.maxStateBytes
        recording = configuration.maxRecordingBytes
        self.operations = operations
    }

    /// The limit of `request`, whose head announces a body.
    func limit(for request: HTTP1Request) -> Int {
        switch Self.kind(method: request.method, target: request.target, in: operations) {
        case .body: return body
        case .state: return state
        case .recording: return recording
        }
    }

    /// The kind of upload a request line names: its operation's (``AdminOperation/upload``).
    static func kind(method: String, target: String, in operations: AdminOperationTable) -> AdminUpload {
        // Most bodies are vendor requests: two cheap tests rule them out (on bytes: Foundation's `contains` was a
        // tenth of a TPNS register's time on the event loop, Performance.md).
        guard method == "PUT" || method == "POST", mentions(target, AdminOperations.prefix) else { return .body }
        var target = Substring(target)
        // An absolute-form target as a rejected request's line shows it (the parser hands requests on in origin form).
        if let scheme = target.range(of: "://"), target.hasPrefix("http") {
            target = target[scheme.upperBound...].drop { $0 != "/" }
        }
        let path = FakeRequest(method: method, target: String(target)).path
        let local = InstancePath.split(path).map { String($0.rest) } ?? path
        guard let inner = AdminAPI.inner(local) else { return .body }
        return operations.match(method: method, path: inner)?.operation.upload ?? .body
    }

    /// Whether `text` is longer than `part` and contains it, byte for byte.
    static func mentions(_ text: String, _ part: String) -> Bool {
        // On the strings' contiguous bytes: index walks of their UTF-8 views cost several times as much.
        var (text, part) = (text, part)
        return text.withUTF8 { haystack in
            part.withUTF8 { needle in
                guard let first = needle.first, haystack.count > needle.count else { return false }
                var index = 0
                search: while index <= haystack.count &- needle.count {
                    defer { index &+= 1 }
                    guard haystack[index] == first else { continue }
                    for offset in 1..<needle.count where haystack[index &+ offset] != needle[offset] { continue search }
                    return true
                }
                return false
            }
        }
    }

    /// What the 413 of an upload of `kind` adds to the codec's reason: which limit it is and the flag that sets it
    /// (nothing for the general limit, whose answer stays as it was).
    static func hint(_ kind: AdminUpload) -> String {
        switch kind {
        case .body: return ""
        case .state: return ", the limit for state documents (pushfake serve --max-state-bytes)"
        case .recording: return ", the limit for recordings (pushfake serve --max-recording-bytes)"
        }
    }
}
