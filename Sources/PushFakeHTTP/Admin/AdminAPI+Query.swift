import PushFakeCore

extension AdminAPI {
    /// Why the query string does not fit the route, or `nil`: every parameter must be one the route declares
    /// (``AdminRoute/query``), given once, with a value its schema accepts — an unknown or misspelled one is an
    /// error, never silently ignored.
    static func queryProblem(_ request: FakeRequest, operation: AnyAdminOperation) -> String? {
        // Most admin requests (health on every poll) have no query: nothing to read, and no copy of the route.
        guard !request.query.isEmpty else { return nil }
        let route = operation.route
        var seen = Set<String>()
        for (name, value) in request.queryItems {
            guard let parameter = route.query.first(where: { $0.name == name }) else {
                let known = route.query.map(\.name)
                return "unknown query parameter \(name) for \(route.display)"
                    + (known.isEmpty ? "; it takes none" : "; use \(known.joined(separator: ", "))")
            }
            guard seen.insert(name).inserted else { return "query parameter \(name) is given more than once" }
            if let problem = valueProblem(value, parameter) { return problem }
        }
        return nil
    }

    private static func valueProblem(_ value: String, _ parameter: AdminParameter) -> String? {
        if let minimum = parameter.schema["minLength"]?.intValue, value.count < minimum {
            return "\(parameter.name) must not be empty"
        }
        if let choices = parameter.schema["enum"]?.arrayValue?.compactMap(\.stringValue), !choices.contains(value) {
            return "\(parameter.name) must be one of \(choices.joined(separator: ", ")), not \(value)"
        }
        if parameter.schema["type"] == "integer" {
            let minimum = parameter.schema["minimum"]?.intValue ?? Int.min
            let maximum = parameter.schema["maximum"]?.intValue ?? Int.max
            guard let number = Int(value), number >= minimum, number <= maximum else {
                return "\(parameter.name) must be a whole number in \(minimum)...\(maximum), not \(value)"
            }
        }
        return nil
    }

    /// The query as a dictionary, for routes whose parameters ``queryProblem(_:operation:)`` already checked.
    static func query(_ request: FakeRequest) -> [String: String] {
        Dictionary(request.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
