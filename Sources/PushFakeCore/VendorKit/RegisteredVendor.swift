/// A registered vendor with its type erased into closures: what the registry and the engine iterate. Immutable.
///
/// Closures rather than a generic box behind an existential: they are made in ``init(_:)``, which the compiler
/// specializes for each vendor type it sees registered with a concrete type (the standard vendors), so a request
/// reaches the handler without generic metadata lookups (Performance.md).
struct RegisteredVendor: Sendable {
    let vendor: Vendor
    let displayName: String
    let pathPrefixes: [String]
    let basePath: String
    let idKinds: [IDKind]
    let faultKeys: [VendorFaultKey]
    let secrets: [VendorSecret]
    let appForm: VendorAppForm?
    let card: VendorCard?
    /// ``PushVendor/bodyStrings``, for the parser.
    let bodyStrings: JSONKnownStrings
    /// Method, template, operation and declared numeric fields of each route, in the definition's order.
    let routeTable: [(method: String, template: String, operation: Operation, fields: [VendorField])]
    /// The definition's type, for ``PushFake/withVendorState(_:_:)``.
    let definitionType: ObjectIdentifier
    let subject: @Sendable (RouteMatch, JSON?) -> (app: String?, device: String?)
    let errorResponse: @Sendable (_ status: Int, _ message: String) -> FakeResponse
    let learnedIDs: @Sendable (RouteMatch, JSON) -> [(kind: IDKind, ids: [String])]
    let viewSchema: @Sendable (VendorView, inout WireSchemas) -> JSON?
    /// A fresh state box, with handlers bound to it, for an engine.
    let makeSlot: @Sendable (PushFakeConfiguration) -> VendorSlot

    init<Definition: PushVendor>(_ definition: Definition) {
        let routes = definition.routes
        vendor = definition.vendor
        displayName = definition.displayName
        pathPrefixes = definition.pathPrefixes
        basePath = definition.basePath
        idKinds = definition.idKinds
        faultKeys = definition.faultKeys
        secrets = definition.secrets
        appForm = definition.appForm
        card = definition.card
        bodyStrings = JSONKnownStrings(definition.bodyStrings)
        routeTable = routes.map { ($0.method, $0.template, $0.operation, $0.fields) }
        definitionType = ObjectIdentifier(Definition.self)
        subject = { definition.subject(of: $0, body: $1) }
        errorResponse = { definition.errorResponse(status: $0, message: $1) }
        learnedIDs = { definition.learnedIDs(route: $0, upstreamAnswer: $1) }
        viewSchema = { definition.viewSchema($0, in: &$1) }
        makeSlot = { configuration in
            let box = VendorStateBox(definition.makeState(configuration))
            return VendorSlot(
                handlers: routes.map { route in
                    let handler = route.handler
                    return { context, services in handler(&context, &box.state, &services) }
                },
                box: box,
                tick: { services in definition.tick(&box.state, services: &services) },
                capture: { VendorStateSnapshot(definition, state: box.state) },
                declaredApps: { definition.declaredApps(box.state) },
                declareApps: { json, state throws(JSONFieldError) in try definition.declareApps(json, in: &state) },
                restore: { json, services throws(JSONFieldError) in
                    try definition.restore(json, into: &box.state, services: &services)
                })
        }
    }

    /// Registers a vendor given as an existential (a plug-in); the standard vendors use ``init(_:)`` directly.
    static func opening(_ definition: any PushVendor) -> RegisteredVendor {
        RegisteredVendor(definition)
    }
}
