import Foundation
import PushFakeCore

/// Which header fields cross the proxy, both ways.
enum UpstreamHeaders {
    /// Never forwarded: the hop-by-hop fields (RFC 9110, 7.6.1), `Host` (URLSession writes the upstream's),
    /// `Content-Length` (URLSession frames the body) and `Accept-Encoding` (URLSession asks for and decodes what it
    /// supports, so the client gets a plain body).
    static let droppedRequestFields: Set<String> = [
        "host", "content-length", "accept-encoding", "connection", "keep-alive", "proxy-connection",
        "proxy-authorization", "proxy-authenticate", "te", "trailer", "transfer-encoding", "upgrade", "expect",
    ]

    /// Never passed back: hop-by-hop fields, and the framing and encoding of a body URLSession already decoded
    /// (the server frames the answer itself).
    static let droppedResponseFields: Set<String> = [
        "content-length", "content-encoding", "connection", "keep-alive", "proxy-connection", "proxy-authenticate",
        "te", "trailer", "transfer-encoding", "upgrade",
    ]

    /// The client's fields that go upstream, in order: without the dropped ones and without those the
    /// `Connection` field names.
    static func request(_ headers: HTTPHeaders) -> [(name: String, value: String)] {
        let named = Set(
            headers.fields.filter { $0.name.lowercased() == "connection" }.flatMap {
                $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            })
        return headers.fields.compactMap { field in
            let name = field.name.lowercased()
            guard !droppedRequestFields.contains(name), !named.contains(name) else { return nil }
            return (field.name, field.value)
        }
    }

    /// The upstream's fields as the client gets them. URLSession hands them over as a dictionary, so the wire order
    /// is lost; they are put in a canonical one: `Content-Type` and `Cache-Control` first (the order of PushFake's
    /// own answers), then the rest by name.
    static func response(_ fields: [(name: String, value: String)]) -> HTTPHeaders {
        let kept = fields.filter { !droppedResponseFields.contains($0.name.lowercased()) }
        func rank(_ name: String) -> Int {
            switch name.lowercased() {
            case "content-type": return 0
            case "cache-control": return 1
            default: return 2
            }
        }
        let sorted = kept.sorted { lhs, rhs in
            let (left, right) = (rank(lhs.name), rank(rhs.name))
            return left != right ? left < right : lhs.name.lowercased() < rhs.name.lowercased()
        }
        var headers = HTTPHeaders()
        for field in sorted { headers.add(name: field.name, value: field.value) }
        return headers
    }
}
