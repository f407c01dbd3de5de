/// A secret a vendor's requests carry, and the placeholder name recordings give it (RecordingFormat.md, "Secrets
/// and placeholders"): the first value of the name becomes `${secret:NAME}`, the next `${secret:NAME-2}`, ….
///
/// Recording exports, the event stream and the request log ask the ``VendorRegistry`` for these
/// (``PushVendor/secrets``); `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` are redacted for every
/// vendor without being declared.
public struct VendorSecret: Sendable, Equatable {
    /// Where the secret stands in a request.
    public enum Place: Sendable, Equatable {
        /// The value of this request header (compared ignoring case).
        case header(String)
        /// The string member of this name of a request body that is an object, or of each object of a body array.
        case bodyField(String)
        /// The percent-decoded path segment after each segment equal to this one (`application` for
        /// `/api/application/{appKey}/…`), in any request's path.
        case pathSegment(after: String)
        /// The app of a request routed to this vendor (``JournalEntry/app``) and of its deliveries.
        case app
    }

    /// Where the secret stands.
    public let place: Place
    /// The placeholder name: lowercase letters, digits and `-` (`twinpush-api-token`).
    public let name: String
    /// An identifier as much as a secret (an application key): replaced only when a redaction asks for it
    /// (``RecordingRedaction/redactsAppKeys``, `serve --redact-app-keys`), as many recordings read better with it.
    public let isIdentifier: Bool

    /// A secret at `place` named `name`.
    public init(_ place: Place, name: String, isIdentifier: Bool = false) {
        self.place = place
        self.name = name
        self.isIdentifier = isIdentifier
    }
}
