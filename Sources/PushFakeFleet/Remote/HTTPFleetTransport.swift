import Foundation
import PushFakeCore
import PushFakeHTTP

/// Sends fleet requests over real HTTP/1.1 with keep-alive connections: each calling thread takes an idle
/// connection from the pool (or opens one) and gives it back after the answer, so N fleet threads use N sockets.
/// Blocking socket I/O, on the fleet's own threads only.
public final class HTTPFleetTransport: FleetTransport {
    let server: FleetServer
    private let idle = Locked<[LoopbackHTTPClient]>([])

    public init(_ server: FleetServer) {
        self.server = server
    }

    public func send(_ request: FleetRequest) -> FleetAnswer {
        // A keep-alive connection the server closed in between fails once: the request goes again on a new one.
        for attempt in 0..<2 {
            guard let client = take(fresh: attempt > 0) else { return FleetAnswer(status: 0, body: []) }
            let headers = request.headers.map { ($0.name, $0.value) }
            var head = "\(request.method) \(server.prefix)\(request.path) HTTP/1.1\r\nHost: \(server.host)\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            if request.method == "POST" || request.method == "PUT" || !request.body.isEmpty {
                head += "Content-Length: \(request.body.count)\r\n"
            }
            client.send(Array((head + "\r\n").utf8) + request.body)
            if let response = client.readResponse() {
                if response.headers["Connection"]?.lowercased() != "close" { give(client) }
                return FleetAnswer(status: response.status, body: response.body)
            }
        }
        return FleetAnswer(status: 0, body: [])
    }

    private func take(fresh: Bool) -> LoopbackHTTPClient? {
        if !fresh, let client = idle.withLock({ $0.popLast() }) { return client }
        return try? LoopbackHTTPClient(host: server.host, port: server.port, receiveTimeout: 30)
    }

    private func give(_ client: LoopbackHTTPClient) {
        idle.withLock { $0.append(client) }
    }
}
