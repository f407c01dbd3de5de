/// A fuzz input decoded into a configuration and up to ``maxRequests`` well-formed HTTP/1.1 requests.
///
/// Format (text-friendly, so seeds stay readable and libFuzzer's dictionary entries land in useful places):
/// - An input starting with `!` runs against the strict configuration (admin token, declared apps, state checks,
///   a journal of 3); the `!` is then skipped.
/// - Requests are separated by the byte 0x1E; fields of a request by 0x1F, in this order:
///   1. the route, `METHOD /template` as ``EngineFuzzRoute/key`` (anything else picks a route by its bytes);
///   2. control characters, each optional: instance prefix, path shape, method, header set (see ``Control``);
///   3. the path parameters in template order, separated by 0x1D (missing ones take defaults);
///   4. the query string (without `?`; empty for none);
///   5. extra header lines `Name: value` separated by 0x1D (replacing a default header of that name);
///   6. the body: every remaining byte of the request.
///
/// Whatever the bytes, the request is valid HTTP/1.1 — one `Host`, visible-ASCII target, framing the harness
/// controls — so every answer comes from the server's responder, not from the codec's rejections.
struct EngineFuzzInput {
    static let maxRequests = 8
    static let recordSeparator: UInt8 = 0x1E
    static let fieldSeparator: UInt8 = 0x1F
    static let groupSeparator: UInt8 = 0x1D

    var strict = false
    var requests: [EngineFuzzRequest] = []

    init(_ bytes: [UInt8]) {
        var rest = bytes[...]
        if rest.first == UInt8(ascii: "!") {
            strict = true
            rest = rest.dropFirst()
        }
        for record in rest.split(separator: Self.recordSeparator, omittingEmptySubsequences: true)
            .prefix(Self.maxRequests)
        {
            requests.append(EngineFuzzRequest(record: record, strict: strict))
        }
    }
}

/// One request of an input, ready to send.
struct EngineFuzzRequest {
    let route: EngineFuzzRoute
    let method: String
    let target: String
    /// The instance id of the `/i/{id}` prefix, if any.
    let instance: String?
    let headers: [(name: String, value: String)]
    let body: [UInt8]
    /// An `Expect: 100-continue` header was sent: a `100 Continue` may precede the answer.
    var expectsContinue: Bool { headers.contains { $0.name.lowercased() == "expect" } }
    /// The request asks to close the connection after its answer.
    var closes: Bool { headers.contains { $0.name.lowercased() == "connection" } }

    /// The instance ids a prefix can name: the first instances a server creates, and ones it never has.
    static let instanceIDs = ["1", "2", "3", "999", "x"]
    static let otherMethods = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS"]
    static let contentTypes = [
        "application/json", "application/json; charset=utf-8", "text/plain", "application/x-ndjson",
        "application/x-www-form-urlencoded", "APPLICATION/JSON",
    ]
    static let hosts = ["127.0.0.1:8080", "localhost", "evil.example", "[::1]:9", "10.0.0.1", "app.localhost"]
    static let origins = ["http://127.0.0.1:8080", "http://evil.example", "null", "https://localhost"]

    /// Reads the fields of one record (``EngineFuzzInput``).
    init(record: ArraySlice<UInt8>, strict: Bool) {
        var fields = record.split(
            separator: EngineFuzzInput.fieldSeparator, maxSplits: 5, omittingEmptySubsequences: false)[...]
        func next() -> ArraySlice<UInt8> { fields.popFirst() ?? [] }
        route = EngineFuzzRoute.named(Array(next()))
        let control = Control(next())
        let parameters = next().split(separator: EngineFuzzInput.groupSeparator, omittingEmptySubsequences: false)
        let query = next()
        let extra = next()
        body = Array(fields.popFirst() ?? [])

        method = control.method ?? route.method
        instance = control.instance
        target = Self.target(route: route, parameters: parameters, query: query, control: control)
        headers = Self.headers(route: route, control: control, extra: extra, body: body, strict: strict)
    }

    /// Optional control characters; each is read as a small number (its byte modulo the choices).
    struct Control {
        var instance: String?
        /// 0 as is, 1 doubled slashes, 2 a trailing slash, 3 both.
        var shape = 0
        var method: String?
        var headerBits = 0
        var choice = 0

        init(_ bytes: ArraySlice<UInt8>) {
            let values = Array(bytes)
            func at(_ index: Int) -> Int? { index < values.count ? Int(values[index]) : nil }
            if let value = at(0), value % 8 >= 3 { instance = EngineFuzzRequest.instanceIDs[value % 8 - 3] }
            shape = (at(1) ?? 0) % 4
            if let value = at(2), value % 16 >= 9 { method = EngineFuzzRequest.otherMethods[value % 16 - 9] }
            headerBits = at(3) ?? 0
            choice = at(4) ?? 0
        }
    }

    private static func target(
        route: EngineFuzzRoute, parameters: [ArraySlice<UInt8>], query: ArraySlice<UInt8>, control: Control
    ) -> String {
        var index = 0
        var segments: [String] = []
        for segment in route.template.split(separator: "/", omittingEmptySubsequences: false) {
            guard segment.hasPrefix("{"), segment.hasSuffix("}") else {
                segments.append(String(segment))
                continue
            }
            let name = String(segment.dropFirst().dropLast())
            if index < parameters.count, !parameters[index].isEmpty {
                segments.append(encoded(parameters[index]))
            } else {
                segments.append(EngineFuzzRoute.defaultParameters[name] ?? "x")
            }
            index += 1
        }
        var path = segments.joined(separator: control.shape & 1 == 1 ? "//" : "/")
        if control.shape & 2 == 2, !path.hasSuffix("/") { path += "/" }
        if let instance = control.instance { path = "/i/\(instance)" + path }
        return query.isEmpty ? path : path + "?" + encoded(query)
    }

    /// Visible ASCII as is (so `%`, `/`, `?`, `..` reach the router raw), anything else percent-encoded: the
    /// target stays acceptable to the codec.
    static func encoded(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            if byte > 0x20, byte < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                text += "%"
                text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
            }
        }
        return text
    }

    private static func headers(
        route: EngineFuzzRoute, control: Control, extra: ArraySlice<UInt8>, body: [UInt8], strict: Bool
    ) -> [(name: String, value: String)] {
        let bits = control.headerBits
        let choice = control.choice
        var headers: [(name: String, value: String)] = [("Host", hosts[bits & 1 == 0 ? 0 : choice % hosts.count])]
        if !body.isEmpty || bits & 2 == 2 {
            headers.append(("Content-Type", contentTypes[bits & 2 == 0 ? 0 : (choice / 3) % contentTypes.count]))
        }
        if bits & 4 == 4 { headers.append(("Origin", origins[(choice / 5) % origins.count])) }
        if strict || bits & 8 == 8 {
            headers.append(("Authorization", bits & 8 == 8 && choice % 2 == 1 ? "Bearer wrong" : "Bearer fuzz-token"))
        }
        if route.template.hasPrefix("/api/v2") {
            headers.append(("X-TwinPush-REST-API-Token", "api-token"))
            headers.append(("X-TwinPush-REST-API-Key-Creator", "creator-token"))
        }
        if bits & 16 == 16 { headers.append(("Connection", "close")) }
        if bits & 32 == 32, !body.isEmpty { headers.append(("Expect", "100-continue")) }
        for line in extra.split(separator: EngineFuzzInput.groupSeparator) {
            guard let (name, value) = field(line) else { continue }
            if let index = headers.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                headers[index].value = value
            } else {
                headers.append((name, value))
            }
        }
        return headers
    }

    /// `Name: value` made acceptable: token bytes in the name, no controls in the value; framing headers (the
    /// harness's) are refused, and `Host` keeps a non-empty value.
    private static func field(_ line: ArraySlice<UInt8>) -> (String, String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let nameBytes = line[..<colon].filter { byte in
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"): return true
            default: return false
            }
        }
        let name = String(decoding: nameBytes, as: UTF8.self)
        let framing = ["content-length", "transfer-encoding", "connection", "expect", "upgrade", "te", "trailer"]
        guard !name.isEmpty, !framing.contains(name.lowercased()) else { return nil }
        let valueBytes = line[(colon + 1)...].drop { $0 == 0x20 }.filter { $0 >= 0x20 && $0 != 0x7F }
        var value = String(decoding: valueBytes, as: UTF8.self)
        while value.hasSuffix(" ") { value.removeLast() }
        if name.lowercased() == "host", value.isEmpty { return nil }
        return (name, value)
    }

    /// The request as bytes on the wire.
    var wireBytes: [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }
}
