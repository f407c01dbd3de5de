/// One route of a vendor: method, path template and the handler that serves it.
///
/// The handler gets the request (``VendorContext``), the vendor's own state and the engine's services, all
/// `inout`, under the engine's lock; it answers with a ``FakeResponse`` and never throws (a vendor error is a
/// response).
///
/// ```swift
/// VendorRoute("POST", "/acme/messages", "say") { context, state, services in
///     state.messages.append(context.body ?? .null)
///     return .json(200, ["id": .string(services.nextID(.acmeMessage))])
/// }
/// ```
public struct VendorRoute<State>: Sendable {
    /// How a route answers: request, the vendor's state and the engine services in, response out.
    public typealias Handler = @Sendable (inout VendorContext, inout State, inout VendorServices) -> FakeResponse

    /// The HTTP method, compared exactly (`HEAD` is routed as `GET`).
    public let method: String
    /// `/literal/{parameter}/…`; parameters are percent-decoded before the handler sees them.
    public let template: String
    /// The operation journals and matchers name the route by.
    public let operation: Operation
    /// The numbers the route reads from its body and query (``VendorField``), for the boundary-value tests.
    public let fields: [VendorField]
    /// Serves the route.
    public let handler: Handler

    /// A route; the template's `{name}` segments become ``RouteMatch/parameters``.
    public init(
        _ method: String, _ template: String, _ operation: Operation, fields: [VendorField] = [],
        handler: @escaping Handler
    ) {
        self.method = method
        self.template = template
        self.operation = operation
        self.fields = fields
        self.handler = handler
    }
}
