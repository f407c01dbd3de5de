/// What the router found for a request: vendor, operation and the decoded path parameters.
///
/// A value, kept in one shared box: the engine hands a request's match to the handler's context, the journal entry
/// and the exchange, and each copy costs one reference count instead of one for each of its four fields
/// (Performance.md). A route without parameters gives every request the same box.
public struct RouteMatch: Sendable, Equatable {
    private final class Fields: Sendable {
        let vendor: Vendor
        let operation: Operation
        /// The decoded parameters sorted by name, one per name (the last in the template's order): the journal
        /// reads them as they are, with no sorted copy made per request.
        let parameters: SortedParameters
        let template: String

        init(vendor: Vendor, operation: Operation, parameters: SortedParameters, template: String) {
            self.vendor = vendor
            self.operation = operation
            self.parameters = parameters
            self.template = template
        }
    }

    /// A match's parameters sorted by name, one per name: a route with one parameter (every TwinPush device call)
    /// holds its pair in place, with no array to allocate and free on each request (Performance.md, "Allocations and
    /// small strings").
    struct SortedParameters: Sendable {
        private let single: (name: String, value: String)?
        private let pairs: [(name: String, value: String)]

        /// One pair.
        init(_ pair: (name: String, value: String)) {
            single = pair
            pairs = []
        }

        /// Any pairs: one per name is kept (the last), sorted by name.
        init(_ pairs: [(name: String, value: String)]) {
            (single, self.pairs) = pairs.count == 1 ? (pairs[0], []) : (nil, Self.sortedByName(pairs))
        }

        var count: Int { single == nil ? pairs.count : 1 }

        /// The value of the parameter called `name`, compared by its bytes.
        func value(_ name: String) -> String? {
            if let single { return single.name.hasSameBytes(as: name) ? single.value : nil }
            for pair in pairs where pair.name.hasSameBytes(as: name) { return pair.value }
            return nil
        }

        /// Calls `body` with each pair in order, reading them in place.
        func forEachPair(_ body: (_ name: String, _ value: String) -> Void) {
            if let single {
                body(single.name, single.value)
                return
            }
            for index in pairs.indices { body(pairs[index].name, pairs[index].value) }
        }

        /// The pairs as an array, for the few readers off the request path (printing, the journal's JSON view).
        var array: [(name: String, value: String)] {
            single.map { [$0] } ?? pairs
        }

        /// One pair per name (the last), sorted by name; a template has a handful of parameters at most.
        private static func sortedByName(_ pairs: [(name: String, value: String)]) -> [(name: String, value: String)] {
            guard pairs.count > 1 else { return pairs }
            var unique: [(name: String, value: String)] = []
            for pair in pairs {
                if let index = unique.firstIndex(where: { $0.name.hasSameBytes(as: pair.name) }) {
                    unique[index].value = pair.value
                } else {
                    unique.append(pair)
                }
            }
            return unique.sorted { $0.name < $1.name }
        }
    }

    private let fields: Fields

    /// The vendor whose route matched.
    public var vendor: Vendor { fields.vendor }
    /// The operation the route serves.
    public var operation: Operation { fields.operation }
    /// Decoded path parameters by name (`appKey`, `deviceId`, `app`, `device`, `notification`). Made on each read:
    /// a handler asks for one with ``parameter(_:)``.
    public var parameters: [String: String] {
        Dictionary(fields.parameters.array, uniquingKeysWith: { _, last in last })
    }

    /// The decoded path parameter called `name`, compared by its bytes; `nil` when the route has none. Reads the
    /// match's few pairs without making a dictionary: a TwinPush device call asks for `app` three times, and each
    /// dictionary lookup hashed the name (about 300 instructions, Performance.md).
    public func parameter(_ name: String) -> String? {
        fields.parameters.value(name)
    }

    /// Whether the route has path parameters.
    var hasParameters: Bool { parameterCount > 0 }

    /// How many parameters the match has, one per name.
    var parameterCount: Int { fields.parameters.count }

    /// Calls `body` with each parameter, sorted by name, one per name (the last); nothing is copied.
    func forEachParameter(_ body: (_ name: String, _ value: String) -> Void) {
        fields.parameters.forEachPair(body)
    }

    /// The parameters sorted by name, one per name (the last): equal matches give equal lists, whatever the order
    /// they were made in. An array made on each read; the journal's encoding uses ``forEachParameter(_:)``.
    var sortedParameters: [(name: String, value: String)] { fields.parameters.array }
    /// The route template, e.g. `/TPNS/api/application/{appKey}/device/{deviceId}/unregister`.
    public var template: String { fields.template }

    /// Creates a match; normally the engine's router makes these, with every field filled.
    public init(vendor: Vendor, operation: Operation, parameters: [String: String] = [:], template: String = "") {
        let pairs = parameters.map { (name: $0.key, value: $0.value) }  // the match sorts them by name
        self.init(vendor: vendor, operation: operation, parameters: SortedParameters(pairs), template: template)
    }

    /// A match with these parameters, as the router decodes them.
    init(vendor: Vendor, operation: Operation, parameters: SortedParameters, template: String) {
        self.fields = Fields(vendor: vendor, operation: operation, parameters: parameters, template: template)
    }

    public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.vendor == rhs.vendor && lhs.operation == rhs.operation && lhs.parameters == rhs.parameters
                && lhs.template == rhs.template)
    }
}

extension RouteMatch: CustomDebugStringConvertible {
    /// The four fields, as a memberwise value prints them (what a failed `XCTAssertEqual` shows).
    public var debugDescription: String {
        let parameters = sortedParameters.map {
            "\(String(reflecting: $0.name)): "
                + String(reflecting: $0.value)
        }
        return
            "RouteMatch(vendor: \(vendor), operation: \(operation), parameters: [\(parameters.joined(separator: ", "))], "
            + "template: \(String(reflecting: template)))"
    }
}
