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

    package func reply(to request: consuming HTTP1Request) -> (reply: ServerReply, date: AnswerDate) {
        let (method, target) = (request.method, request.target)
        // The request's fields and body move into the engine's request: no copy of its arrays.
        var fakeRequest = FakeRequest(request)
        if let handler = server.handler, let reply = handler(fakeRequest) {
            if log != nil {
                logLine(
                    LoggedRequest(method: method, target: target, parsed: fakeRequest, engine: server.fake),
                    status: Self.status(of: reply), label: "hook")
            }
            return (reply, .clock(server.fake))
        }
        var engine = server.fake
        var instance: String?
        // Under /i/{id}/ the instance's engine answers, and journals the path relative to the instance, so a
        // scenario journals the same under .remote as under .live. An unknown id is an unknown route of the server.
        if let (id, rest) = InstancePath.split(fakeRequest.path), let found = server.instances.engine(id) {
            (engine, instance, fakeRequest.path) = (found, String(id), String(rest))
        }
        // A large body (a state document, a send to a million devices) is parsed and handled on a worker, and so is
        // every later request to an engine while one is pending there: they would only wait for its lock on this
        // event loop, and every other connection of the loop with them (Performance.md, "Large answers and other
        // clients"). The worker's answer brings its own Date.
        if fakeRequest.body.count >= OffLoop.thresholdBytes
            || (server.heavyRequests.isBusy(engine) && !AdminAPI.isLockFree(fakeRequest, in: server.adminOperations))
        {
            let reply = server.heavyRequests.run(on: engine) { [self, fakeRequest, engine, instance] in
                answer(fakeRequest, engine: engine, instance: instance, method: method, target: target)
            }
            return (reply, .clock(engine))
        }
        return answer(fakeRequest, engine: engine, instance: instance, method: method, target: target)
    }

    /// The reply of the admin API, the upstream or the engine, with its log line and where its Date comes from.
    private func answer(
        _ fakeRequest: FakeRequest, engine: PushFake, instance: String?, method: String, target: String
    ) -> (reply: ServerReply, date: AnswerDate) {
        // Made only for a log line: building it copies the request, on every request.
        func line() -> LoggedRequest {
            LoggedRequest(method: method, target: target, parsed: fakeRequest, engine: engine)
        }
        if let inner = AdminAPI.inner(fakeRequest.path) {
            let reply = AdminAPI(fake: engine, server: server, instance: instance).handle(
                fakeRequest, inner: inner, peer: peer)
            if log != nil {
                // Health is answered without the engine's lock, and so is its log line (``logLine(_:status:label:)``).
                let lockFree = AdminAPI.isLockFree(fakeRequest, in: server.adminOperations)
                logLine(line(), status: Self.status(of: reply), label: "admin", withoutEngineLock: lockFree)
            }
            return (reply, .clock(engine))
        }
        if let upstream = server.configuration.upstream, let reply = upstream.forward(fakeRequest, to: engine) {
            if log != nil { logLine(line(), status: Self.status(of: reply), label: "upstream") }
            // The upstream's own Date, when it sent one, is passed on; the engine's stands in otherwise.
            return (reply, .clock(engine))
        }
        let exchange = engine.handle(fakeRequest)
        switch exchange.action {
        case .dropConnection:
            if log != nil {
                logLine(
                    line(), status: nil, label: exchange.label, sequence: exchange.sequence,
                    note: "connection dropped by fault", fault: exchange.fault?.fault.logLabel)
            }
            return (.drop(delay: exchange.delay), .none)
        case .respond:
            if log != nil {
                logLine(
                    line(), status: exchange.response.status, label: exchange.label, sequence: exchange.sequence,
                    fault: exchange.fault?.fault.logLabel)
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
            var text = error.reason
            if error.status == 413 {
                let (method, target) = PushFake.requestLine(of: bytes)
                text += UploadLimits.hint(UploadLimits.kind(method: method, target: target, in: server.adminOperations))
            }
            (status, reason, label, note) = (error.status, text, "malformed", "malformed HTTP: \(text)")
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
        var machine = ConnectionMachine<ServerResponder>.Configuration(
            limits: HTTP1Parser.Limits(
                maxHeadBytes: configuration.maxHeadBytes, maxBodyBytes: configuration.maxBodyBytes),
            bodyLimit: { [limits = UploadLimits(configuration, operations: server.adminOperations)] in
                limits.limit(for: $0)
            },
            idleTimeout: Nanoseconds.from(seconds: configuration.idleTimeout),
            requestTimeout: Nanoseconds.from(seconds: configuration.requestTimeout))
        machine.lingerTimeout = Nanoseconds.from(seconds: configuration.rejectionLinger)
        machine.onIllegalTransition = { [server] in server.connectionBroke($0) }
        return ConnectionMachine(configuration: machine, responder: responder, now: now)
    }

    private static func status(of reply: ServerReply) -> Int? {
        switch reply {
        case .response(let response, _): return response.status
        case .stream(let stream): return stream.status
        case .drop, .deferred: return nil
        }
    }

    /// What a request log line says of a request.
    private struct LoggedRequest {
        var method: String
        /// The target as sent.
        var target: String
        var parsed: FakeRequest
        /// The engine that answered: its journal numbers the secrets the line replaces.
        var engine: PushFake
    }

    /// Logs a request, its target with secrets replaced as the engine's recordings replace them — those the journal
    /// knows and those the request carries — since the log ends up in CI output (RecordingFormat.md, "Secrets and
    /// placeholders"). `withoutEngineLock` (health) numbers them on their own instead of by the journal, whose
    /// snapshot would wait for a request holding the engine's lock (Performance.md, "Large answers and other
    /// clients").
    private func logLine(
        _ request: LoggedRequest, status: Int?, label: String, sequence: Int? = nil, note: String? = nil,
        fault: String? = nil, withoutEngineLock: Bool = false
    ) {
        let redaction = server.configuration.recordingRedaction
        var redactor =
            withoutEngineLock
            ? RecordingRedactor(redaction, vendors: request.engine.vendors) : request.engine.journal.redactor(redaction)
        let target = redactor.redact(target: request.target, of: request.parsed)
        log?(
            RequestLogLine(
                method: request.method, target: target, status: status, label: label, sequence: sequence, note: note,
                fault: fault))
    }
}
