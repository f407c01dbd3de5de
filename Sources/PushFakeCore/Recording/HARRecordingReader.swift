import Foundation

/// Reads HAR 1.2 recordings (RecordingFormat.md, "Recordings as input"): `log.entries[]` with `request` (`method`,
/// `url`, `headers`, `postData.text` or `postData.params`) and `response` (`status`, `headers`, `content.text`,
/// `content.encoding: "base64"`), from browser tools, Charles, Proxyman or PushFake's own export.
enum HARRecordingReader {
    static func exchanges(of document: JSONObject) throws(RecordingError) -> [RecordedExchange] {
        let root = RecordingFieldReader(location: "HAR", object: document, path: "")
        let log = try root.object("log")
        let entries = try log.array("entries")
        guard !entries.isEmpty else {
            throw log.failure("entries", "is empty: the HAR recording has no requests")
        }
        var exchanges: [RecordedExchange] = []
        for (offset, value) in entries.enumerated() {
            let location = "entry \(offset + 1)"
            guard let object = value.objectValue else {
                throw RecordingError(
                    location: location, problem: "must be a JSON object, not \(RecordingFieldReader.article(value))")
            }
            exchanges.append(
                try exchange(RecordingFieldReader(location: location, object: object, path: ""), offset + 1))
        }
        return exchanges
    }

    private static func exchange(_ entry: RecordingFieldReader, _ number: Int) throws(RecordingError)
        -> RecordedExchange
    {
        let request = try entry.object("request")
        let response = try entry.object("response")
        let url = try request.string("url")
        guard let (path, query) = split(url) else {
            throw request.failure("url", "must be an absolute URL or a path starting with /, not \"\(url)\"")
        }
        let milliseconds = try entry.optionalDouble("time", in: 0...86_400_000)
        return RecordedExchange(
            index: number, method: try request.string("method"), path: path, query: query,
            headers: try headers(request), body: try requestBody(request),
            route: try entry.optionalObject("_pushfake")?.optionalString("route"),
            response: FakeResponse(
                status: try response.int("status", in: 0...999), headers: try headers(response),
                body: try responseBody(response)),
            duration: milliseconds.map { $0 / 1000 })
    }

    /// Path (at least `/`) and query of `http://host[:port]/path?query#fragment`, or of a bare `/path?query`.
    static func split(_ url: String) -> (path: String, query: String)? {
        var rest = Substring(url)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if let scheme = rest.range(of: "://") {
            let afterAuthority = rest[scheme.upperBound...]
            guard !afterAuthority.isEmpty else { return nil }
            rest = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] } ?? ""
            if !rest.hasPrefix("/") { rest = "/" + rest }
        } else if !rest.hasPrefix("/") {
            return nil
        }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), "") }
        return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
    }

    /// `headers`: `{"name", "value"}` objects; missing means none.
    private static func headers(_ reader: RecordingFieldReader) throws(RecordingError) -> HTTPHeaders {
        guard reader.object["headers"] != nil else { return HTTPHeaders() }
        var headers = HTTPHeaders()
        for (index, header) in try reader.array("headers").enumerated() {
            guard let name = header["name"]?.stringValue, let value = header["value"]?.stringValue else {
                throw reader.failure("headers[\(index)]", "must be an object with string name and value, not \(header)")
            }
            headers.add(name: name, value: value)
        }
        return headers
    }

    /// `postData.text` (Base64 when `postData.encoding` says so), else `postData.params` as a form body.
    private static func requestBody(_ request: RecordingFieldReader) throws(RecordingError) -> [UInt8] {
        guard let postData = try request.optionalObject("postData") else { return [] }
        if let text = try postData.optionalString("text") {
            return try postData.optionalString("encoding") == "base64"
                ? postData.base64(text, field: "text") : Array(text.utf8)
        }
        guard postData.object["params"] != nil else { return [] }
        var pairs: [String] = []
        for (index, param) in try postData.array("params").enumerated() {
            guard let name = param["name"]?.stringValue else {
                throw postData.failure("params[\(index)].name", "must be a string")
            }
            pairs.append(formEncoded(name) + "=" + formEncoded(param["value"]?.stringValue ?? ""))
        }
        return Array(pairs.joined(separator: "&").utf8)
    }

    /// HAR lists form parameters decoded; the body needs them percent-encoded again.
    private static func formEncoded(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// `content.text`, decoded when `content.encoding` is `base64`; empty when there is no text.
    private static func responseBody(_ response: RecordingFieldReader) throws(RecordingError) -> [UInt8] {
        guard let content = try response.optionalObject("content"), let text = try content.optionalString("text")
        else { return [] }
        return try content.optionalString("encoding") == "base64"
            ? content.base64(text, field: "text") : Array(text.utf8)
    }
}
