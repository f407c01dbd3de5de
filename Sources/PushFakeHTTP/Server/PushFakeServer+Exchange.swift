import PushFakeCore
import PushFakeHTTP1

/// What a connection must do for one parsed request: shared by both I/O models.
struct RequestOutcome {
    /// The serialized response (empty when the connection drops).
    var bytes: [UInt8]
    /// Seconds to hold the response back (fault delay).
    var delay: Double
    /// Close once `bytes` are written (the client asked, or HTTP/1.0).
    var closeAfter: Bool
    /// Close without answering (fault `dropConnection` / `dropResponse`).
    var drop: Bool
}

extension PushFakeServer {
    /// Routes one request to the admin API or the engine and serializes the answer.
    func outcome(for request: HTTP1Request) -> RequestOutcome {
        let fakeRequest = FakeRequest(request)
        let isHead = request.method == "HEAD"
        if AdminAPI.owns(path: fakeRequest.path) {
            let response = admin.handle(fakeRequest, server: self)
            log(request, status: response.status, label: "admin", sequence: nil, note: nil)
            return RequestOutcome(
                bytes: serialize(response, for: request, isHead: isHead), delay: 0, closeAfter: !request.keepAlive,
                drop: false)
        }
        let exchange = fake.handle(fakeRequest)
        switch exchange.action {
        case .dropConnection:
            if configuration.log != nil {
                log(
                    request, status: nil, label: exchange.label, sequence: exchange.sequence,
                    note: "connection dropped by fault")
            }
            return RequestOutcome(bytes: [], delay: exchange.delay, closeAfter: true, drop: true)
        case .respond:
            if configuration.log != nil {
                log(
                    request, status: exchange.response.status, label: exchange.label, sequence: exchange.sequence,
                    note: nil)
            }
            return RequestOutcome(
                bytes: serialize(exchange.response, for: request, isHead: isHead), delay: exchange.delay,
                closeAfter: !request.keepAlive, drop: false)
        }
    }

    private func serialize(_ response: FakeResponse, for request: HTTP1Request, isHead: Bool) -> [UInt8] {
        response.serialized(keepAlive: request.keepAlive, headRequest: isHead, requestVersion: request.version)
    }

    /// Malformed HTTP: a clear JSON error, journaled; the caller closes after writing it.
    func malformedResponse(_ error: HTTP1ParseError, sample: [UInt8]) -> [UInt8] {
        let response = FakeResponse.rejection(status: error.status, reason: error.reason)
        let sequence = fake.recordRejected(
            raw: sample, response: response, note: "malformed HTTP: \(error.reason)", transport: .http)
        configuration.log?(
            RequestLogLine(
                method: "-", target: "-", status: error.status, label: "malformed", sequence: sequence,
                note: error.reason))
        return response.serialized(keepAlive: false)
    }

    /// A request that did not arrive within the request timeout: 408, journaled; the caller closes.
    func requestTimeoutResponse(sample: [UInt8]) -> [UInt8] {
        let reason = "request not received within \(configuration.requestTimeout) s"
        let response = FakeResponse.rejection(status: 408, reason: reason)
        let sequence = fake.recordRejected(raw: sample, response: response, note: reason, transport: .http)
        configuration.log?(
            RequestLogLine(method: "-", target: "-", status: 408, label: "timeout", sequence: sequence, note: reason))
        return response.serialized(keepAlive: false)
    }

    /// A parser configured with this server's limits.
    func makeParser() -> HTTP1Parser {
        HTTP1Parser(
            limits: HTTP1Parser.Limits(
                maxHeadBytes: configuration.maxHeadBytes, maxBodyBytes: configuration.maxBodyBytes))
    }

    private func log(_ request: HTTP1Request, status: Int?, label: String, sequence: Int?, note: String?) {
        configuration.log?(
            RequestLogLine(
                method: request.method, target: request.target, status: status, label: label, sequence: sequence,
                note: note))
    }
}
