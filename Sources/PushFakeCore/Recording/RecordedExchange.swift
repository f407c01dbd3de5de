import PushFakeHTTP1

/// One request of a recording and the answer recorded for it, whatever the file's format (RecordingFormat.md,
/// "Recordings as input").
public struct RecordedExchange: Sendable, Equatable {
    /// Where it came from, 1-based: the line of a JSON Lines file or the entry of a HAR file.
    public var index: Int
    /// The method as recorded; empty for an HTTP request the fake could not read (such requests cannot be sent).
    public var method: String
    /// The path as recorded, still percent-encoded, without the query.
    public var path: String
    /// The raw query without `?`, or empty.
    public var query: String
    /// The request headers in recorded order.
    public var headers: HTTPHeaders
    /// The request body bytes.
    public var body: [UInt8]
    /// The route template (`/api/v2/apps/{app}/devices/register`) when the recording names it.
    public var route: String?
    /// The recorded answer; status 0 when none was received (a dropped connection).
    public var response: FakeResponse
    /// How long the recorded answer took, in seconds, when the recording says (HAR `time`, JSON Lines `delay`).
    public var duration: Double?

    /// Creates an exchange from its parts.
    public init(
        index: Int, method: String, path: String, query: String = "", headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [], route: String? = nil, response: FakeResponse, duration: Double? = nil
    ) {
        self.index = index
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.route = route
        self.response = response
        self.duration = duration
    }

    /// The request target: path plus `?query` when there is one.
    public var target: String { query.isEmpty ? path : path + "?" + query }
}

/// A recording read from a file: PushFake's JSON Lines (`"v": 1`) or HAR 1.2 from browser tools, Charles, Proxyman
/// or PushFake's own HAR export.
///
/// ```swift
/// let recording = try Recording.parse(Array(try Data(contentsOf: url)))
/// for exchange in recording.exchanges { print(exchange.method, exchange.target) }
/// ```
public struct Recording: Sendable, Equatable {
    /// The two formats a recording may have.
    public enum Format: String, Sendable, Equatable {
        /// One journal line per request, schema version 1.
        case jsonLines = "JSON Lines"
        /// HTTP Archive 1.2.
        case har = "HAR"
    }

    /// The format the file had.
    public let format: Format
    /// The exchanges, in recorded order; never empty.
    public let exchanges: [RecordedExchange]

    /// Creates a recording from exchanges already read.
    public init(format: Format, exchanges: [RecordedExchange]) {
        self.format = format
        self.exchanges = exchanges
    }

    /// Reads a recording from the bytes of a file: HAR when the text is one JSON object with a `log` member,
    /// JSON Lines otherwise.
    ///
    /// - Throws: ``RecordingError`` naming the line or entry and the field that is wrong, when the text is not
    ///   UTF-8, a line is not JSON, a line's `v` is not 1, a HAR has no `log.entries`, or nothing is recorded.
    public static func parse(_ bytes: [UInt8]) throws(RecordingError) -> Recording {
        guard let text = String(validatingUTF8Bytes: bytes) else {
            throw RecordingError(location: "", problem: "the recording is not UTF-8 text")
        }
        if let document = try? JSON.parse(bytes), let object = document.objectValue, object.contains("log") {
            return Recording(format: .har, exchanges: try HARRecordingReader.exchanges(of: object))
        }
        return Recording(format: .jsonLines, exchanges: try JSONLinesRecordingReader.exchanges(of: text))
    }
}
