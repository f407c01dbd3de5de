extension PushFake {
    /// The answer of a fault that skips the handler: the vendor's error, an injected status, or nothing at all.
    func faultResponse(_ fault: Fault, vendorIndex: Int?) -> FakeResponse {
        switch fault.kind {
        case .vendorError(let error):
            return error.response
        case .status(let status, let body):
            if let body { return .json(status, body) }
            let message = FakeResponse.reasonPhrase(for: status)
            if let entry = vendorEntry(vendorIndex) { return entry.errorResponse(status, message) }
            return .json(status, ["error": .string(message)])
        case .none, .dropConnection, .dropResponse, .malformedBody:
            // Nothing goes on the wire; status 0 is how the journal and HAR say "no response".
            return FakeResponse(status: 0)
        }
    }

    /// 404 — or 405 when the path allows other methods — in the shape of the vendor whose prefix the path is under;
    /// elsewhere the error with every known route (FakeBehaviour.md, Common).
    func unmatchedResponse(allowed: [String], vendorIndex: Int?, request: FakeRequest) -> FakeResponse {
        let status: Int
        let message: String
        if allowed.isEmpty {
            status = 404
            message = "No route for \(request.method) \(request.path)"
        } else {
            status = 405
            message = "\(request.method) is not allowed on \(request.path); allowed: \(allowed.joined(separator: ", "))"
        }
        if let entry = vendorEntry(vendorIndex) {
            var response = entry.errorResponse(status, message)
            if !allowed.isEmpty { response.headers.replace(name: "Allow", value: allowed.joined(separator: ", ")) }
            return response
        }
        return .json(status, ["error": .string(message), "knownRoutes": .array(knownRoutes.map(JSON.string))])
    }

    func vendorEntry(_ index: Int?) -> RegisteredVendor? {
        guard let index, vendors.entries.indices.contains(index) else { return nil }
        return vendors.entries[index]
    }
}
