import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One TwinPush request as a client puts it on the wire: method, URL, exactly the headers the SDK sets, body.
struct TwinPushCall {
    var method: String
    var url: URL
    var headers: [(name: String, value: String)] = []
    var body: JSON?
}

/// A 2xx answer: the status and the parsed body (`{}` for an empty body, as Android reads it, TwinPushWireProtocol.md §4.1;
/// `.null` for a body that is not JSON).
struct TwinPushAnswer {
    let status: Int
    let json: JSON
}

/// Sends ``TwinPushCall``s through a `URLSession` and maps failures to ``TwinPushClientError``.
struct TwinPushHTTP: Sendable {
    let session: URLSession

    /// Sends the call; throws ``TwinPushClientError`` on a non-2xx status or an `errors` body (§4.4), and
    /// `URLError` on transport failures.
    func send(_ call: TwinPushCall) async throws -> TwinPushAnswer {
        var request = URLRequest(url: call.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 60)
        request.httpMethod = call.method
        for header in call.headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        if let body = call.body { request.httpBody = Data(body.serialized()) }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let json: JSON = data.isEmpty ? .object(JSONObject()) : ((try? JSON.parse(Array(data))) ?? .null)
        if let error = TwinPushClientError.server(status: status, body: json) { throw error }
        return TwinPushAnswer(status: status, json: json)
    }

    /// `base` + `/segment/…` (each segment percent-encoded) + `?query`. A trailing `/` on `base` is dropped so
    /// the path never starts with `//`.
    static func url(_ base: URL, _ segments: [String], query: String? = nil) throws -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        for segment in segments {
            text += "/" + (segment.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? segment)
        }
        if let query, !query.isEmpty { text += "?" + query }
        guard let url = URL(string: text) else { throw URLError(.badURL) }
        return url
    }

    /// Characters left as they are in a path segment: `urlPathAllowed` without `/`.
    private static let segmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove("/")
        return set
    }()

    /// Android's `Uri.encode`: everything but letters, digits and `_-!.~'()*` is percent-encoded (§5.11).
    static func androidEncode(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "_-!.~'()*")
        allowed.formUnion(asciiAlphanumerics)
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// iOS's `URLQueryAllowedCharacterSet` encoding, which leaves `&`, `=` and `+` as they are (§5.11).
    static func iOSEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? text
    }

    private static let asciiAlphanumerics = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
}
