import PushFakeCore

/// The one typed admin client: calls an ``AdminOperation`` with its typed input and reads its typed output.
///
/// ```swift
/// let client = AdminClient(transport: LoopbackAdminTransport(host: "127.0.0.1", port: 8089))
/// var query = JournalQuery()
/// query.vendor = "tpns"
/// let page = try client.call(AdminOperations.journal, query)
/// ```
///
/// The method, the path (parameters percent-encoded), the query and the body come from the operation's input
/// description; an answer outside 2xx (or outside `expecting`) is an ``AdminClientError`` naming URL, status and
/// the server's `error` text. The transport sends (``AdminTransport``: blocking over `LoopbackHTTPClient` for the
/// CLI and fleets, or also async over URLSession for `PushFakeTesting`'s `.remote`).
package struct AdminClient<Transport: AdminTransport>: Sendable {
    package let transport: Transport
    /// What outputs are read with: the vendors their names and operations may be.
    package var context: WireContext

    package init(transport: Transport, context: WireContext = WireContext()) {
        self.transport = transport
        self.context = context
    }

    /// The request for `operation` with `input`.
    package func request<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, timeout: Double = 60
    ) -> AdminHTTPRequest {
        Self.request(operation.route, operation.input.parts(input), timeout: timeout)
    }

    /// The request for a route and parts given as text.
    package static func request(_ route: AdminRoute, _ parts: AdminRequestParts, timeout: Double = 60)
        -> AdminHTTPRequest
    {
        request(method: route.method, path: route.path, parts, timeout: timeout)
    }

    /// The request for a method, a path template under the admin prefix (`/faults/{id}`) and parts (`pushfake api`,
    /// which reads them from the server's OpenAPI document).
    package static func request(method: String, path template: String, _ parts: AdminRequestParts, timeout: Double = 60)
        -> AdminHTTPRequest
    {
        var path = AdminOperations.prefix
        for segment in template.split(separator: "/") {
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                path += "/" + percentEncoded(parts.path[String(segment.dropFirst().dropLast())] ?? "")
            } else {
                path += "/" + segment
            }
        }
        if template == "/" { path += "/" }
        if !parts.query.isEmpty {
            path += "?" + parts.query.map { "\($0.name)=\(percentEncoded($0.value))" }.joined(separator: "&")
        }
        return AdminHTTPRequest(
            method: method, target: path, body: parts.body, contentType: parts.contentType, timeout: timeout)
    }

    /// Sends the request and returns the answer whatever its status (the CLI prints it as it is).
    package func send(_ request: AdminHTTPRequest) throws(AdminClientError) -> AdminHTTPResponse {
        try transport.exchange(request)
    }

    /// Calls `operation` and reads its output from an answer in `expecting` (default: any 2xx).
    package func call<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, expecting: Set<Int>? = nil, timeout: Double = 60
    ) throws(AdminClientError) -> Output {
        let request = request(operation, input, timeout: timeout)
        return try read(operation, request, try send(request), expecting: expecting)
    }

    /// Calls an operation that takes no input.
    package func call<Output>(
        _ operation: AdminOperation<Void, Output>, expecting: Set<Int>? = nil, timeout: Double = 60
    ) throws(AdminClientError) -> Output {
        try call(operation, (), expecting: expecting, timeout: timeout)
    }

    /// The output of an answer, or the error naming URL, status and the server's `error` text.
    package func read<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ request: AdminHTTPRequest, _ response: AdminHTTPResponse,
        expecting: Set<Int>?
    ) throws(AdminClientError) -> Output {
        guard expecting?.contains(response.status) ?? (200..<300).contains(response.status) else {
            throw failure(request, status: response.status, response.problem)
        }
        do throws(JSONFieldError) {
            return try operation.output.read(response.body, context)
        } catch {
            throw failure(request, status: response.status, "unreadable answer: \(error.description)")
        }
    }

    /// An error about `request`.
    package func failure(_ request: AdminHTTPRequest, status: Int?, _ message: String) -> AdminClientError {
        AdminClientError(
            url: transport.baseURL + request.target, method: request.method, status: status, message: message)
    }

    /// `value` with everything but letters, digits and `-._~` percent-encoded (UTF-8).
    static func percentEncoded(_ value: String) -> String {
        var text = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                text += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return text
    }
}

extension AdminClient where Transport: AsyncAdminTransport {
    /// Calls `operation`, suspending instead of blocking while the answer comes.
    package func call<Input, Output>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, expecting: Set<Int>? = nil, timeout: Double = 60
    ) async throws(AdminClientError) -> Output {
        let request = request(operation, input, timeout: timeout)
        return try read(operation, request, try await transport.exchange(request), expecting: expecting)
    }
}
