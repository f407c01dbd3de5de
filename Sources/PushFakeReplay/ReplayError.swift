import PushFakeCore

/// Why a replay could not run or had to stop.
public enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The base URL is not an `http://` or `https://` URL with a host and without query or fragment.
    case invalidBaseURL(String)
    /// An option is out of range (the CLI checks these before; library callers may not).
    case invalidOption(String)
    /// Placeholders the recording's requests use that neither the given secrets nor the environment fill, by name.
    case missingSecrets([String])
    /// No connection could be made to the server.
    case unreachable(url: String, reason: String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .invalidBaseURL(let url):
            return "the base URL must be http:// or https:// with a host and no query or fragment, not \(url)"
        case .invalidOption(let message):
            return message
        case .missingSecrets(let names):
            let list = names.map { "\($0) (--secret \($0)=VALUE or \(SecretPlaceholder.environmentVariable($0)))" }
            return "the recording needs secrets that were not given: " + list.joined(separator: ", ")
        case .unreachable(let url, let reason):
            return "cannot reach \(url): \(reason)"
        }
    }
}
