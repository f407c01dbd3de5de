import PushFakeCore

/// A request's parts as the wire has them: path parameters, query items (in order), body bytes.
package struct AdminRequestParts: Sendable {
    /// Path parameters by name, not encoded (the client percent-encodes them).
    package var path: [String: String] = [:]
    /// Query items, not encoded.
    package var query: [(name: String, value: String)] = []
    /// The body, `nil` for none.
    package var body: [UInt8]?
    /// Its media type.
    package var contentType = "application/json"

    package init(
        path: [String: String] = [:], query: [(name: String, value: String)] = [], body: [UInt8]? = nil,
        contentType: String = "application/json"
    ) {
        self.path = path
        self.query = query
        self.body = body
        self.contentType = contentType
    }
}

/// The typed input of an admin operation, described once: the query parameters and body the OpenAPI document
/// lists and the server checks, how a value becomes a request's parts (the client) and how a request's parts are
/// read back into a value (typed handlers).
package struct AdminInput<Input: Sendable>: Sendable {
    /// The query parameters it may carry; any other is answered 400.
    package let query: [AdminParameter]
    /// Its body, when it has one.
    package let body: AdminBody?
    private let write: @Sendable (Input) -> AdminRequestParts
    private let readParts: @Sendable (AdminRequestParts, WireContext) throws(AdminFailure) -> Input

    /// An input from its parts: what it declares, how it is written and how it is read.
    package init(
        query: [AdminParameter] = [], body: AdminBody? = nil, write: @escaping @Sendable (Input) -> AdminRequestParts,
        read: @escaping @Sendable (AdminRequestParts, WireContext) throws(AdminFailure) -> Input
    ) {
        self.query = query
        self.body = body
        self.write = write
        self.readParts = read
    }

    /// The request's parts for `input`.
    package func parts(_ input: Input) -> AdminRequestParts { write(input) }

    /// The value a request's parts carry; a bad one is a 400 naming what is wrong.
    package func read(_ parts: AdminRequestParts, context: WireContext) throws(AdminFailure) -> Input {
        try readParts(parts, context)
    }

    /// The JSON body as a value of `read`; a body that is not JSON, or that `read` refuses, is a 400.
    static func json<Value>(
        _ bytes: [UInt8]?, as what: String, _ read: (JSON) throws(JSONFieldError) -> Value
    ) throws(AdminFailure) -> Value {
        let json: JSON
        do throws(JSONSyntaxError) {
            json = try bytes.map { bytes throws(JSONSyntaxError) in try JSON.parse(bytes) } ?? .object(JSONObject())
        } catch {
            throw AdminFailure(status: 400, "\(what) is not JSON: \(error.message)")
        }
        do throws(JSONFieldError) {
            return try read(json)
        } catch {
            throw AdminFailure(status: 400, "\(what): \(error.description)")
        }
    }
}

extension AdminInput where Input == Void {
    /// No path parameter, query or body.
    package static var none: AdminInput<Void> {
        AdminInput(write: { _ in AdminRequestParts() }, read: { _, _ in () })
    }
}

extension AdminInput where Input == String {
    /// One path parameter (`{id}` of `/faults/{id}`), given as its value.
    package static func path(_ name: String) -> AdminInput<String> {
        AdminInput(
            write: { AdminRequestParts(path: [name: $0]) },
            read: { parts, _ in parts.path[name] ?? "" })
    }
}

extension AdminInput where Input == JSON {
    /// A JSON body described by `schema`, sent and read as it is.
    package static func json(_ description: String, _ schema: JSON, required: Bool = true) -> AdminInput<JSON> {
        AdminInput(
            body: .json(description, schema, required: required),
            write: { AdminRequestParts(body: $0.serialized()) },
            read: { (parts, _) throws(AdminFailure) -> JSON in
                try json(parts.body, as: "the body") { $0 }
            })
    }
}

extension AdminInput where Input: WireType {
    /// A body of a ``WireType``: its description writes, reads and (by its component name) documents it.
    package static func wire(_ type: Input.Type, _ description: String, as what: String, required: Bool = true)
        -> AdminInput<Input>
    {
        AdminInput(
            body: .json(description, Input.wire.name.map(WireSchemas.ref) ?? [:], required: required),
            write: { AdminRequestParts(body: $0.wireBytes) },
            read: { (parts, context) throws(AdminFailure) -> Input in
                try json(parts.body, as: what) { json throws(JSONFieldError) in try Input(wire: json, context: context)
                }
            })
    }
}

extension AdminInput where Input: AdminQuery {
    /// A query of ``AdminQuery`` fields, each an optional query parameter.
    package static func query(_ type: Input.Type = Input.self) -> AdminInput<Input> {
        AdminInput(
            query: Input.fields.map(\.parameter),
            write: { AdminRequestParts(query: Input.items(of: $0)) },
            read: { parts, _ in Input(items: parts.query) })
    }
}
