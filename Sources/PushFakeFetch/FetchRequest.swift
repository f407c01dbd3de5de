import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request for a ``BoundedSession``: the header fields in order, repeats kept.
package struct FetchRequest: Sendable {
    package var method: String
    /// An absolute `http://` or `https://` URL, percent-encoded.
    package var url: URL
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The request for URLSession (which joins repeated fields with `,`).
    var urlRequest: URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.httpMethod = method
        for header in headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
        if !body.isEmpty { request.httpBody = Data(body) }
        return request
    }
}
