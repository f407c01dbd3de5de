import PushFakeCore

/// The typed output of an admin operation: how its JSON answer is read by the client and written by a typed
/// handler.
package struct AdminOutput<Output: Sendable>: Sendable {
    /// Reads the answer's body.
    package let read: @Sendable (_ body: [UInt8], _ context: WireContext) throws(JSONFieldError) -> Output
    /// The JSON a typed handler answers.
    package let write: @Sendable (Output) -> JSON
    /// The JSON Schema of the output, its named parts added to the document's components; `nil` when the
    /// operation's documented answers say it all.
    package let schema: @Sendable (_ schemas: inout WireSchemas) -> JSON?

    package init(
        read: @escaping @Sendable ([UInt8], WireContext) throws(JSONFieldError) -> Output,
        write: @escaping @Sendable (Output) -> JSON,
        schema: @escaping @Sendable (inout WireSchemas) -> JSON? = { _ in nil }
    ) {
        self.read = read
        self.write = write
        self.schema = schema
    }

    /// The body as JSON; what is not JSON is an error naming the syntax problem.
    static func parse(_ body: [UInt8]) throws(JSONFieldError) -> JSON {
        do throws(JSONSyntaxError) {
            return try JSON.parse(body)
        } catch {
            throw JSONFieldError(description: "the answer is not JSON: \(error.message)")
        }
    }
}

extension AdminOutput where Output == JSON {
    /// Any JSON answer, as it is: for answers that have no ``WireType`` yet.
    package static var json: AdminOutput<JSON> {
        AdminOutput(read: { (body, _) throws(JSONFieldError) -> JSON in try parse(body) }, write: { $0 })
    }
}

extension AdminOutput where Output == [UInt8] {
    /// The body's bytes: pages, assets, streams and other answers that are no JSON document.
    package static var bytes: AdminOutput<[UInt8]> {
        AdminOutput(read: { body, _ in body }, write: { .string(String(decoding: $0, as: UTF8.self)) })
    }
}

extension AdminOutput where Output: WireType {
    /// A ``WireType``, read strictly by its description.
    package static func wire(_ type: Output.Type) -> AdminOutput<Output> {
        AdminOutput(
            read: { (body, context) throws(JSONFieldError) -> Output in
                try Output(wire: try parse(body), context: context)
            },
            write: \.wireJSON, schema: { $0.schema(of: Output.self) })
    }
}
