import PushFakeCore

/// One admin operation, declared once: its route (id, method, path template, summary, documented answers), its
/// typed input (path parameters, query, body: ``AdminInput``), its typed output (``AdminOutput``) and its handler.
/// The server dispatches on it, `GET /__pushfake/openapi.json` and `GET /__pushfake/routes` describe it, the typed
/// admin client (``AdminClient``) calls it and `pushfake api <id>` exposes it. The handler is a required argument
/// of every initializer: an operation without one does not compile.
///
/// ```swift
/// let getGreeting = AdminOperation(
///     id: "getGreeting", method: "GET", path: "/greeting", summary: "A greeting.",
///     input: .query(GreetingQuery.self), output: .wire(Greeting.self), responses: [...]
/// ) { query, _ in Greeting(text: "Hello, \(query.name ?? "world")") }
/// ```
package struct AdminOperation<Input: Sendable, Output: Sendable>: Sendable {
    /// The HTTP shape: what the OpenAPI document, the route listing and the dispatcher read.
    package let route: AdminRoute
    package let input: AdminInput<Input>
    package let output: AdminOutput<Output>
    /// Answers a request that matched the route and passed the access rules and the query check.
    let handler: @Sendable (AdminContext) -> ServerReply
    /// Which body limit an upload to it has (the parser asks before it reads the body: UploadLimits.swift).
    package var upload: AdminUpload = .body
    /// Whether it is answered without the engine's lock (it reads counters only).
    package var isLockFree = false
    /// Whether its reply is a static page: the dashboard, which the access rules let browsers load.
    package var isStaticPage = false

    /// An operation whose handler builds its own reply (streams, held waits, off-loop answers, other media types).
    package init(
        id: String, method: String, path: String, summary: String, input: AdminInput<Input>,
        output: AdminOutput<Output>, headers: [AdminParameter] = [], responses: [AdminResponse],
        perInstance: Bool = true, queryAsObject: Bool = false,
        reply handler: @escaping @Sendable (AdminContext) -> ServerReply
    ) {
        self.route = AdminRoute(
            id: id, method: method, path: path, summary: summary, query: input.query, headers: headers,
            body: input.body, responses: responses, perInstance: perInstance, queryAsObject: queryAsObject)
        self.input = input
        self.output = output
        self.handler = handler
    }

    /// An operation whose handler takes the typed input, read from the request by its description (a bad one is
    /// 400 naming it), and returns the typed output, written as a JSON body with `status` (or fails with an
    /// ``AdminFailure``, answered as `{"error": …}`).
    package init(
        id: String, method: String, path: String, summary: String, input: AdminInput<Input>,
        output: AdminOutput<Output>, status: Int = 200, responses: [AdminResponse], perInstance: Bool = true,
        handler: @escaping @Sendable (Input, AdminContext) throws(AdminFailure) -> Output
    ) {
        self.init(
            id: id, method: method, path: path, summary: summary, input: input, output: output,
            responses: responses, perInstance: perInstance,
            reply: { context in
                do throws(AdminFailure) {
                    let value = try input.read(context.parts, context: WireContext(vendors: context.fake.vendors))
                    return .response(.json(status, output.write(try handler(value, context))))
                } catch {
                    return .response(.json(error.status, ["error": .string(error.message)]))
                }
            })
    }

    /// The operation as the server's table holds it.
    package var erased: AnyAdminOperation { AnyAdminOperation(self) }
}

/// An operation of any input and output: one row of the server's table (``AdminOperationTable``).
///
/// A class: every admin request matches one (twice when the server logs it), and handing out a reference costs one
/// reference count where copying the route's strings and lists cost about twenty.
package final class AnyAdminOperation: Sendable {
    package let route: AdminRoute
    let handler: @Sendable (AdminContext) -> ServerReply
    /// The output's schema (``AdminOutput/schema``), whose named parts the OpenAPI document's components hold.
    package let outputSchema: @Sendable (inout WireSchemas) -> JSON?
    package let upload: AdminUpload
    package let isLockFree: Bool
    package let isStaticPage: Bool
    /// The route's ``AdminRoute/changesState``, kept apart: asking the route copied all of it on every request.
    let changesState: Bool

    /// The operation without its input and output types.
    init<Input, Output>(_ operation: AdminOperation<Input, Output>) {
        (route, handler, outputSchema) = (operation.route, operation.handler, operation.output.schema)
        (upload, isLockFree, isStaticPage) = (operation.upload, operation.isLockFree, operation.isStaticPage)
        changesState = operation.route.changesState
    }
}

/// Which body limit an admin upload has (``ServerConfiguration/maxBodyBytes`` and the two larger ones).
package enum AdminUpload: Sendable {
    case body
    case state
    case recording
}

/// What a handler gets: the request, its decoded path parameters, and the engine and server it steers.
package struct AdminContext: Sendable {
    let api: AdminAPI
    /// The request, its path relative to the instance (`/__pushfake/…`).
    package let request: FakeRequest
    /// The path parameters by name, percent-decoded (`{"id": "fault-1"}`).
    package let parameters: [String: String]

    /// The engine this request steers (the server's own or an instance's).
    package var fake: PushFake { api.fake }

    /// The request's parts, as an input description reads them.
    var parts: AdminRequestParts {
        AdminRequestParts(
            path: parameters, query: request.queryItems.map { ($0.name, $0.value) },
            body: request.body.isEmpty ? nil : request.body)
    }
}

/// Why a typed handler or an input could not answer: the status and the `error` text of the answer.
package struct AdminFailure: Error, Sendable {
    package let status: Int
    package let message: String

    package init(status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}
