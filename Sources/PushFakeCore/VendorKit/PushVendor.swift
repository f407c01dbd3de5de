/// A push service PushFake can fake: everything the engine needs to serve it, and nothing the engine must know.
///
/// A vendor declares its name, its path prefixes and routes (each route carries its handler), the state it keeps,
/// the id kinds it makes, its error shape, its fault vocabulary, its admin views and, optionally, a clock tick.
/// The engine holds a ``VendorRegistry`` of them and routes, journals, matches faults and lists admin views for all
/// alike. TPNS and TwinPush are two such vendors (``VendorRegistry/standard``); a test can register a third:
///
/// ```swift
/// struct Acme: PushVendor {
///     struct State { var messages: [JSON] = [] }
///     var vendor: Vendor { .acme }
///     var displayName: String { "Acme" }
///     var pathPrefixes: [String] { ["/acme"] }
///     var routes: [VendorRoute<State>] {
///         [VendorRoute("POST", "/acme/messages", "say") { context, state, _ in
///             state.messages.append(context.body ?? .null)
///             return .json(200, ["count": .int(state.messages.count)])
///         }]
///     }
///     func makeState(_ configuration: PushFakeConfiguration) -> State { State() }
/// }
/// let fake = PushFake(vendors: try VendorRegistry.standard.adding(Acme()))
/// ```
///
/// Handlers run under the engine's one lock, with the vendor's state and the ``VendorServices`` passed `inout`: keep
/// them quick, and never call back into the engine from one.
public protocol PushVendor: Sendable {
    /// What the vendor keeps between requests (devices, notifications, …); made by ``makeState(_:)``.
    ///
    /// A value, `Sendable`: the admin API copies it under the engine's lock (copy on write makes that nearly free)
    /// and builds views and state documents from the copy outside the lock, off the event loops, so a large state
    /// never stalls other clients (Performance.md, "Large answers and other clients").
    associatedtype State: Sendable

    /// The vendor's name in journals, matchers and the admin API.
    var vendor: Vendor { get }
    /// How people write the name (`TPNS`, `TwinPush`): fault descriptions and `-PushFake<Name>URL` launch arguments.
    var displayName: String { get }
    /// The path prefixes the vendor owns, e.g. `["/TPNS", "/api"]`. An unknown path under one is answered in the
    /// vendor's error shape; when prefixes of two vendors nest, the longer one wins.
    var pathPrefixes: [String] { get }
    /// The path a client is given as the vendor's base URL (default: the first prefix).
    var basePath: String { get }
    /// The id kinds the vendor makes with ``VendorServices/nextID(_:)`` (default none); digits must be unique.
    var idKinds: [IDKind] { get }
    /// The routes, in matching order; read once, when the vendor is registered.
    var routes: [VendorRoute<State>] { get }
    /// Keys the vendor adds to the JSON form of faults (default none).
    var faultKeys: [VendorFaultKey] { get }
    /// The secrets its requests carry — headers, body fields, path segments, the app — with their placeholder names:
    /// what recording exports, the event stream and the request log replace (default none).
    var secrets: [VendorSecret] { get }
    /// How one app is written in JSON and on the command line (`serve --app vendor:…`), for the `apps` inputs and
    /// their JSON Schema; `nil` (the default) for a vendor without apps.
    var appForm: VendorAppForm? { get }
    /// How the dashboard draws the vendor's devices and deliveries; `nil` (the default): it lists none.
    var card: VendorCard? { get }
    /// Strings its request bodies carry on nearly every request — member names, enumerated values — which the
    /// engine's JSON parser then gives back shared instead of decoding them each time (default none). Only a matter
    /// of speed: a body reads the same with or without them.
    var bodyStrings: [String] { get }

    /// A fresh state for a new engine, and after a reset.
    func makeState(_ configuration: PushFakeConfiguration) -> State
    /// The app and device a routed request is about, for fault matching and the journal, before it is handled.
    /// Runs outside the lock, without state. Default: the `app` and `device` path parameters.
    func subject(of route: RouteMatch, body: JSON?) -> (app: String?, device: String?)
    /// Called after the fake clock moves (and before each request on a real clock), with ``VendorServices/now``
    /// the new time: where scheduled work falls due. Default: nothing.
    func tick(_ state: inout State, services: inout VendorServices)
    /// The vendor's error shape for failures outside a handler: unknown route under its prefix (404), wrong method
    /// (405), an injected status without a body. Default: `{"error": message}`.
    func errorResponse(status: Int, message: String) -> FakeResponse
    /// The ids the real service made in its answer to a request of `route` (a device id from a register), by kind,
    /// in the order the vendor's handler asks for ids of that kind: a learning proxy
    /// (`pushfake serve --upstream-mode learn`) makes the local store use them, so a later run without the upstream
    /// keeps the same ids. None by default.
    func learnedIDs(route: RouteMatch, upstreamAnswer: JSON) -> [(kind: IDKind, ids: [String])]
    /// A view of the state for the admin API (``VendorView/devices``, ``VendorView/notifications``, …), or `nil`
    /// when the vendor has no such view (the default).
    func view(_ view: VendorView, of state: State) -> JSON?
    /// The JSON Schema of a view (``view(_:of:)``), its named parts added to `schemas` (``WireSchemas``): what
    /// `openapi.json` says the vendor's member of `GET /__pushfake/devices` or `/notifications` holds; `nil` (the
    /// default): an array of objects.
    func viewSchema(_ view: VendorView, in schemas: inout WireSchemas) -> JSON?

    /// How many records of each kind the state holds (`[("devices", 3), ("notifications", 1)]`), in a fixed order:
    /// what `PUT /__pushfake/state` answers about each vendor, and how the admin API estimates the size of a view
    /// or state document before building it. Keep it O(1). Default: none.
    func recordCounts(of state: State) -> [(name: String, count: Int)]

    /// The apps declared to the vendor, in the JSON form ``declareApps(_:in:)`` reads (``PushFake/apps``, the
    /// `apps` of state documents); `nil` (the default) for a vendor without apps.
    func declaredApps(_ state: State) -> JSON?
    /// Declares more apps, given in the vendor's own JSON form (``PushFake/declareApps(_:)``, configuration JSON,
    /// state documents), and makes the vendor as strict as apps declared in its configuration do. Declaring an app
    /// again with the same values changes nothing.
    /// - Throws: ``JSONFieldError`` with a path relative to `json`. Default: refuses, the vendor has no apps.
    func declareApps(_ json: JSON, in state: inout State) throws(JSONFieldError)
    /// The vendor's state as the `vendors.<name>` section of a state document (StateFormat.md), or `nil` (the
    /// default), written as `null`: the vendor's state is then not dumped.
    func snapshot(_ state: State) -> JSON?
    /// Adds a state document's `vendors.<name>` section to `state` (a fresh state, or one that earlier documents
    /// filled), checking every value and reference. Ids the section names are reserved with
    /// ``VendorServices/reserveID(_:)``; ids it leaves out come from ``VendorServices/nextID(_:)``, and times it
    /// leaves out are ``VendorServices/now``.
    /// - Throws: ``JSONFieldError`` with a path relative to the section. Default: refuses any section, as the
    ///   vendor cannot load state.
    func restore(_ json: JSON, into state: inout State, services: inout VendorServices) throws(JSONFieldError)
}

extension PushVendor {
    /// The first path prefix.
    public var basePath: String { pathPrefixes.first ?? "/" }
    /// No id kinds.
    public var idKinds: [IDKind] { [] }
    /// No fault keys.
    public var faultKeys: [VendorFaultKey] { [] }
    /// No secrets.
    public var secrets: [VendorSecret] { [] }
    /// No apps.
    public var appForm: VendorAppForm? { nil }
    /// No dashboard card.
    public var card: VendorCard? { nil }
    /// No shared body strings.
    public var bodyStrings: [String] { [] }

    /// The `app` and `device` path parameters.
    public func subject(of route: RouteMatch, body: JSON?) -> (app: String?, device: String?) {
        (route.parameter("app"), route.parameter("device"))
    }

    /// Nothing falls due.
    public func tick(_ state: inout State, services: inout VendorServices) {}

    /// `{"error": message}` with the status.
    public func learnedIDs(route: RouteMatch, upstreamAnswer: JSON) -> [(kind: IDKind, ids: [String])] { [] }

    public func errorResponse(status: Int, message: String) -> FakeResponse {
        .json(status, ["error": .string(message)])
    }

    /// No views.
    public func view(_ view: VendorView, of state: State) -> JSON? { nil }

    /// No view schemas: arrays of objects.
    public func viewSchema(_ view: VendorView, in schemas: inout WireSchemas) -> JSON? { nil }

    /// No counts.
    public func recordCounts(of state: State) -> [(name: String, count: Int)] { [] }

    /// No apps.
    public func declaredApps(_ state: State) -> JSON? { nil }

    /// Refuses: the vendor has no apps.
    public func declareApps(_ json: JSON, in state: inout State) throws(JSONFieldError) {
        throw JSONFieldError(description: "the \(vendor) vendor has no apps to declare")
    }

    /// No state in state documents (`null`).
    public func snapshot(_ state: State) -> JSON? { nil }

    /// Refuses any section: the vendor cannot load state.
    public func restore(_ json: JSON, into state: inout State, services: inout VendorServices) throws(JSONFieldError) {
        throw JSONFieldError(description: "the \(vendor) vendor cannot load state; leave its section out or null")
    }
}
