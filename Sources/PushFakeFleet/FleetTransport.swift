import PushFakeCore

/// The answer to one fleet request: the status (0 when the transport failed) and the body.
public struct FleetAnswer: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        (self.status, self.body) = (status, body)
    }
}

/// How fleet requests reach the vendors. `send` is called on the fleet's own threads, never in a Swift `Task`: it may
/// block on a socket.
public protocol FleetTransport: Sendable {
    /// Sends one request and waits for its answer.
    func send(_ request: FleetRequest) -> FleetAnswer
}

/// Requests go straight into an engine (`fake.handle`), as `.urlProtocol` and in-process fleets do.
public struct EngineFleetTransport: FleetTransport {
    let fake: PushFake

    public init(_ fake: PushFake) {
        self.fake = fake
    }

    public func send(_ request: FleetRequest) -> FleetAnswer {
        let headers = HTTPHeaders(request.headers.map { HTTPHeaders.Field(name: $0.name, value: $0.value) })
        let parts = request.path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let exchange = fake.handle(
            FakeRequest(
                method: request.method, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : "",
                headers: headers, body: request.body))
        if exchange.action == .dropConnection { return FleetAnswer(status: 0, body: []) }
        return FleetAnswer(status: exchange.response.status, body: exchange.response.body)
    }
}
