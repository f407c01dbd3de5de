import Dispatch
import Foundation
import PushFakeCore

/// One client connection on its own thread: read → parse → engine or admin → write, until close.
struct Connection {
    let socket: Socket
    let server: PushFakeServer

    /// Bytes of the current request kept for the journal when it turns out malformed.
    private static let malformedSampleLimit = 4096

    func run() {
        var parser = HTTP1Parser(
            limits: HTTP1Parser.Limits(
                maxHeadBytes: server.configuration.maxHeadBytes, maxBodyBytes: server.configuration.maxBodyBytes))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { buffer.deallocate() }
        var sample: [UInt8] = []
        var requestStarted: UInt64?
        while true {
            switch parser.next() {
            case .request(let request):
                sample.removeAll(keepingCapacity: true)
                requestStarted = nil
                guard respond(to: request) else { return }
            case .continueExpected:
                guard socket.sendAll(HTTP1Serializer.continueResponse) else { return }
            case .error(let error):
                rejectMalformed(error, sample: sample)
                return
            case .needMoreData:
                let now = DispatchTime.now().uptimeNanoseconds
                if parser.isMidRequest, requestStarted == nil { requestStarted = now }
                let timeout: Double
                if let started = requestStarted {
                    timeout = server.configuration.requestTimeout - Double(now - started) / 1e9
                } else {
                    timeout = server.configuration.idleTimeout
                }
                guard timeout > 0 else {
                    rejectSlow()
                    return
                }
                switch socket.waitReadable(milliseconds: Int32(min(timeout * 1000, Double(Int32.max)).rounded(.up))) {
                case .readable: break
                case .closed: return
                case .timedOut:
                    if requestStarted != nil { continue }
                    return
                }
                let count = socket.receive(into: buffer)
                guard count > 0 else { return }
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                parser.append(bytes)
                if sample.count < Self.malformedSampleLimit {
                    sample.append(contentsOf: bytes.prefix(Self.malformedSampleLimit - sample.count))
                }
            }
        }
    }

    /// Answers one parsed request; `false` when the connection must close.
    private func respond(to request: HTTP1Request) -> Bool {
        let fakeRequest = FakeRequest(
            method: request.method, target: request.target, headers: request.headers, body: request.body,
            transport: .http)
        let isHead = request.method == "HEAD"
        if AdminAPI.owns(path: fakeRequest.path) {
            let response = server.admin.handle(fakeRequest, server: server)
            log(request, status: response.status, label: "admin", sequence: nil, note: nil)
            return write(response, keepAlive: request.keepAlive, isHead: isHead)
        }
        let exchange = server.fake.handle(fakeRequest)
        if exchange.delay > 0 { server.sleep(seconds: exchange.delay) }
        let label = exchange.label
        switch exchange.action {
        case .dropConnection:
            log(request, status: nil, label: label, sequence: exchange.sequence, note: "connection dropped by fault")
            return false
        case .respond:
            log(request, status: exchange.response.status, label: label, sequence: exchange.sequence, note: nil)
            return write(exchange.response, keepAlive: request.keepAlive, isHead: isHead)
        }
    }

    private func write(_ response: FakeResponse, keepAlive: Bool, isHead: Bool) -> Bool {
        let bytes = HTTP1Serializer.serialize(response, keepAlive: keepAlive, headRequest: isHead)
        return socket.sendAll(bytes) && keepAlive
    }

    /// Malformed HTTP: a clear JSON error, a journal entry, and the connection closes.
    private func rejectMalformed(_ error: HTTP1ParseError, sample: [UInt8]) {
        let response = FakeResponse.json(error.status, ["error": .string(error.reason), "status": .int(error.status)])
        let sequence = server.fake.recordRejected(
            raw: sample, response: response, note: "malformed HTTP: \(error.reason)", transport: .http)
        server.configuration.log?(
            RequestLogLine(
                method: "-", target: "-", status: error.status, label: "malformed", sequence: sequence,
                note: error.reason))
        _ = socket.sendAll(HTTP1Serializer.serialize(response, keepAlive: false, headRequest: false))
    }

    /// A request that did not arrive in time: 408, journaled, closed.
    private func rejectSlow() {
        let reason = "request not received within \(server.configuration.requestTimeout) s"
        let response = FakeResponse.json(408, ["error": .string(reason), "status": 408])
        let sequence = server.fake.recordRejected(raw: [], response: response, note: reason, transport: .http)
        server.configuration.log?(
            RequestLogLine(method: "-", target: "-", status: 408, label: "timeout", sequence: sequence, note: reason))
        _ = socket.sendAll(HTTP1Serializer.serialize(response, keepAlive: false, headRequest: false))
    }

    private func log(_ request: HTTP1Request, status: Int?, label: String, sequence: Int?, note: String?) {
        server.configuration.log?(
            RequestLogLine(
                method: request.method, target: request.target, status: status, label: label, sequence: sequence,
                note: note))
    }
}
