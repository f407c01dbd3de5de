import Dispatch
import PushFakeCore
import PushFakeHTTP1

/// The server's side of every connection: routes a parsed request to the test hook, the admin API or the engine,
/// logs it, and journals what the connection rejects. Shared by both I/O models through ``ConnectionMachine``.
package struct ServerResponder: ConnectionResponder {
    let server: PushFakeServer
    /// Read once per connection instead of once per request.
    let log: (@Sendable (RequestLogLine) -> Void)?
    /// The connection's client, for the admin API's access rule; set per connection by ``makeMachine(now:peer:)``.
    package private(set) var peer = PeerAddress.unknown

    package init(server: PushFakeServer) {
        self.server = server
        self.log = server.configuration.log
    }

    package func reply(to request: HTTP1Request) -> (reply: ServerReply, date: AnswerDate) {
        var fakeRequest = FakeRequest(request)
        if let handler = server.handler, let reply = handler(fakeRequest) {
            if log != nil { logLine(request, status: Self.status(of: reply), label: "hook", sequence: nil, note: nil) }
            return (reply, .clock(server.fake))
        }
        var engine = server.fake
        var instance: String?
        // Under /i/{id}/ the instance's engine answers, and journals the path relative to the instance, so a
        // scenario journals the same under .remote as under .live. An unknown id is an unknown route of the server.
        if let (id, rest) = InstancePath.split(fakeRequest.path), let found = server.instances.engine(id) {
            (engine, instance, fakeRequest.path) = (found, String(id), String(rest))
        }
        if AdminAPI.owns(path: fakeRequest.path) {
            let reply = AdminAPI(fake: engine, server: server, instance: instance).handle(fakeRequest, peer: peer)
            if log != nil { logLine(request, status: Self.status(of: reply), label: "admin", sequence: nil, note: nil) }
            return (reply, .clock(engine))
        }
        if let upstream = server.configuration.upstream, let reply = upstream.forward(fakeRequest, to: engine) {
            if log != nil {
                logLine(request, status: Self.status(of: reply), label: "upstream", sequence: nil, note: nil)
            }
            // The upstream's own Date, when it sent one, is passed on; the engine's stands in otherwise.
            return (reply, .clock(engine))
        }
        let exchange = engine.handle(fakeRequest)
        switch exchange.action {
        case .dropConnection:
            if log != nil {
                logLine(
                    request, status: nil, label: exchange.label, sequence: exchange.sequence,
                    note: "connection dropped by fault", fault: exchange.fault?.fault.logLabel)
            }
            return (.drop(delay: exchange.delay), .none)
        case .respond:
            if log != nil {
                logLine(
                    request, status: exchange.response.status, label: exchange.label, sequence: exchange.sequence,
                    note: nil, fault: exchange.fault?.fault.logLabel)
            }
            return (.response(exchange.response, delay: exchange.delay), .at(exchange.httpDate))
        }
    }

    /// Malformed HTTP or a request too slow to arrive: `{"error":…,"status":…}`, journaled; the connection closes.
    /// Dated by the server's engine, which journals it.
    package func reject(
        _ rejection: ConnectionRejection, bytes: [UInt8]
    ) -> (response: FakeResponse, date: AnswerDate) {
        let status: Int
        let reason: String
        let label: String
        let note: String
        switch rejection {
        case .malformed(let error):
            (status, reason, label, note) = (error.status, error.reason, "malformed", "malformed HTTP: \(error.reason)")
        case .timedOut:
            reason = "request not received within \(server.configuration.requestTimeout) s"
            (status, label, note) = (408, "timeout", reason)
        }
        let response = FakeResponse.rejection(status: status, reason: reason)
        let sequence = server.fake.recordRejected(raw: bytes, response: response, note: note, transport: .http)
        log?(RequestLogLine(method: "-", target: "-", status: status, label: label, sequence: sequence, note: reason))
        return (response, .clock(server.fake))
    }

    /// A machine for a new connection from `peer`, with this server's limits and timeouts.
    package func makeMachine(
        now: UInt64 = DispatchTime.now().uptimeNanoseconds, peer: PeerAddress = .unknown
    ) -> ConnectionMachine<ServerResponder> {
        var responder = self
        responder.peer = peer
        let configuration = server.configuration
        return ConnectionMachine(
            configuration: ConnectionMachine.Configuration(
                limits: HTTP1Parser.Limits(
                    maxHeadBytes: configuration.maxHeadBytes, maxBodyBytes: configuration.maxBodyBytes),
                idleTimeout: Nanoseconds.from(seconds: configuration.idleTimeout),
                requestTimeout: Nanoseconds.from(seconds: configuration.requestTimeout)),
            responder: responder, now: now)
    }

    private static func status(of reply: ServerReply) -> Int? {
        switch reply {
        case .response(let response, _): return response.status
        case .stream(let stream): return stream.status
        case .drop, .deferred: return nil
        }
    }

    private func logLine(
        _ request: HTTP1Request, status: Int?, label: String, sequence: Int?, note: String?, fault: String? = nil
    ) {
        log?(
            RequestLogLine(
                method: request.method, target: request.target, status: status, label: label, sequence: sequence,
                note: note, fault: fault))
    }
}
