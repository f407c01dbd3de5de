import Dispatch
import PushFakeCore

/// One client connection on its own thread (the portable I/O model): read → parse → answer, until close.
struct Connection {
    let socket: Socket
    let server: PushFakeServer
    /// The server's stop signal, polled with the socket so `stop()` wakes this thread on every platform.
    let wake: WakePipe

    /// Bytes of the current request kept for the journal when it turns out malformed.
    static let malformedSampleLimit = 4096

    func run() {
        var parser = server.makeParser()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { buffer.deallocate() }
        var sample: [UInt8] = []
        var requestStarted: UInt64?
        while true {
            switch parser.next() {
            case .request(let request):
                sample.removeAll(keepingCapacity: true)
                requestStarted = nil
                let outcome = server.outcome(for: request)
                if outcome.delay > 0 { server.sleep(seconds: outcome.delay) }
                if outcome.drop { return }
                guard socket.sendAll(outcome.bytes), !outcome.closeAfter else { return }
            case .continueExpected:
                guard socket.sendAll(HTTP1Serializer.continueResponse) else { return }
            case .error(let error):
                _ = socket.sendAll(server.malformedResponse(error, sample: sample))
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
                    _ = socket.sendAll(server.requestTimeoutResponse(sample: sample))
                    return
                }
                let milliseconds = Int32(min(timeout * 1000, Double(Int32.max)).rounded(.up))
                switch socket.waitReadable(milliseconds: milliseconds, wake: wake) {
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
}
