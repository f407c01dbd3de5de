import Foundation

/// The `request` or `response` member of a journal line (RecordingFormat.md, "JSON Lines entries"), member by
/// member: what ``JournalEntryForm`` reads and writes. Bodies appear twice: `body` is the raw text (or
/// `bodyBase64` when not UTF-8) for byte fidelity, `json` the parsed value (or `null`) for `jq`, written and not
/// read. Headers are `[name, value]` pairs in wire order.
struct JournalMessageForm: Sendable {
    var method = ""
    var path = ""
    var query = ""
    var status = 0
    var headers = HTTPHeaders()
    var body: String?
    var bodyBase64: String?
    /// The body parsed, for `jq` (`nil`: empty or not JSON).
    var json: JSON?
    var bodyAvailable = true

    init() {}

    /// The form of `bytes` as a body: text when it is UTF-8, Base64 otherwise.
    init(headers: HTTPHeaders, body bytes: [UInt8]) {
        self.headers = headers
        if let text = String(validatingUTF8Bytes: bytes) {
            body = text
        } else {
            bodyBase64 = Data(bytes).base64EncodedString()
        }
        json = bytes.isEmpty ? nil : try? JSON.parse(bytes)
    }

    /// The body's bytes: `bodyBase64` (which wins) or `body`; neither is an empty body.
    func bytes(at path: String) throws(JSONFieldError) -> [UInt8] {
        if let bodyBase64 {
            guard let data = Data(base64Encoded: bodyBase64) else {
                throw JSONFieldError(path: JSONFields.join(path, "bodyBase64"), problem: "is not Base64")
            }
            return Array(data)
        }
        return Array((body ?? "").utf8)
    }

    /// `[name, value]` pairs of strings.
    static let headerPairs = WireCodec<HTTPHeaders>(
        read: { (json, path, _) throws(JSONFieldError) -> HTTPHeaders in
            guard let pairs = json.arrayValue else {
                throw JSONFieldError(path: path, problem: "must be an array, not \(JSONFields.describe(json))")
            }
            switch HTTPHeaders.fromPairs(pairs) {
            case .success(let headers): return headers
            case .failure(let bad):
                throw JSONFieldError(path: path + "[\(bad.index)]", problem: "must be a [name, value] pair of strings")
            }
        },
        write: { .array($0.fields.map { [.string($0.name), .string($0.value)] }) },
        schema: { _ in
            ["type": "array", "items": ["type": "array", "items": ["type": "string"], "minItems": 2, "maxItems": 2]]
        })

    /// The members both messages have, after their own.
    private static let common: [WireField<JournalMessageForm>] = [
        .defaulted("headers", \.headers, headerPairs, "The headers in wire order."),
        .optional("body", \.body, .string, "The body as text, when it is UTF-8."),
        .optional("bodyBase64", \.bodyBase64, .string, "The body in Base64, when it is not UTF-8."),
        .optional("json", \.json, .json, writesNull: true, "The body parsed (null: empty or not JSON); not read."),
    ]

    /// The request: `method`, `path`, `query`, headers and body, and `bodyAvailable: false` when the body could not
    /// be read (an upload's stream).
    static let request = WireDescription<JournalMessageForm>(
        JournalMessageForm(),
        fields: [
            .required("method", \.method, .string, "The method as sent."),
            .required("path", \.path, .string, "The path as sent, without the query."),
            .defaulted("query", \.query, .string, "The raw query, without ?."),
        ] + common + [
            .defaulted(
                "bodyAvailable", \.bodyAvailable, .bool, "false when the body could not be read.",
                omitted: { $0 })
        ], answer: true)

    /// The response: `status`, headers and body.
    static let response = WireDescription<JournalMessageForm>(
        JournalMessageForm(),
        fields: [
            .defaulted("status", \.status, .int(in: 0...999), "The status (0: none).")
        ] + common, answer: true)
}
