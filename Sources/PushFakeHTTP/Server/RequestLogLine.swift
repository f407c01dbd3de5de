import PushFakeCore

/// One line of the request log: what came in and what went out.
public struct RequestLogLine: Sendable, CustomStringConvertible {
    /// The request method; `-` when the request could not be parsed or timed out.
    public var method: String
    /// The request target as sent (path and query); `-` when there was no parsed request.
    public var target: String
    /// The status sent; `nil` when a fault dropped the connection without answering.
    public var status: Int?
    /// `tpns.register`, `admin`, `unmatched`, `malformed`, …
    public var label: String
    /// Journal sequence number for vendor traffic.
    public var sequence: Int?
    /// Why the line is unusual (a dropped connection, a parse error, a timeout), if it is.
    public var note: String?
    /// The fault that shaped the answer, in a word (``Fault/logLabel``: `tpnsError(-1001)`), if one applied.
    public var fault: String?

    /// A line; `fault` is set for vendor traffic a fault rule applied to.
    public init(
        method: String, target: String, status: Int?, label: String, sequence: Int?, note: String?,
        fault: String? = nil
    ) {
        self.method = method
        self.target = target
        self.status = status
        self.label = label
        self.sequence = sequence
        self.note = note
        self.fault = fault
    }

    /// `METHOD target -> status label #sequence fault=… (note)`, with `---` for a missing status.
    ///
    /// One line whatever the values hold: each is written through ``LogText/escaped(_:)``, so a newline in a fault
    /// rule's error type or a parse error can never forge a second request line.
    public var description: String {
        let statusText = status.map(String.init) ?? "---"
        let sequenceText = sequence.map { " #\($0)" } ?? ""
        let faultText = fault.map { " fault=\(LogText.escaped($0))" } ?? ""
        let noteText = note.map { " (\(LogText.escaped($0)))" } ?? ""
        return "\(LogText.escaped(method)) \(LogText.escaped(target)) -> \(statusText) \(LogText.escaped(label))"
            + "\(sequenceText)\(faultText)\(noteText)"
    }

    /// ``jsonValue`` as one line of JSON that is safe to show (``LogText/jsonLine(_:)``): what
    /// `pushfake serve --log-format json` prints.
    public var jsonLine: String { LogText.jsonLine(jsonValue) }

    /// The line as one JSON object, for `pushfake serve --log-format json`: `method`, `target`, `status`
    /// (`null` when nothing was sent), `label`, `seq`, `fault` and `note` (`null` when absent).
    public var jsonValue: JSON {
        [
            "method": .string(method), "target": .string(target), "status": status.map(JSON.int) ?? .null,
            "label": .string(label), "seq": sequence.map(JSON.int) ?? .null, "fault": fault.map(JSON.string) ?? .null,
            "note": note.map(JSON.string) ?? .null,
        ]
    }
}
