import Dispatch
import Foundation
import PushFakeCore
import PushFakeHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One `http://` exchange over its own connection, read a piece at a time on the calling thread: how a
/// ``BoundedSession`` keeps a plain-HTTP server's answer to the limits exactly.
///
/// URLSession on Linux hands each piece of an answer to its delegate through an operation queue that has no
/// backpressure: against a server that floods an endless body, the queued pieces reached 2.5 GB before a cancelled
/// task's backlog drained (measured, release build). Here nothing is read beyond the cap, and reading stops at the
/// deadline. (`https://` still goes through URLSession, which does the TLS.)
struct PlainHTTPExchange {
    let request: FetchRequest
    let limits: BoundedSession.Limits
    let followsRedirects: Bool
    /// When the whole exchange, redirects included, must be over.
    let deadline: DispatchTime
    /// Checked between reads: the caller gave up.
    let isCancelled: @Sendable () -> Bool

    /// The largest response head read.
    static let maximumHeadBytes = 64 << 10

    func perform() -> BoundedSession.Outcome {
        var request = request
        for _ in 0...10 {
            let outcome = exchange(request)
            guard followsRedirects, case .answered(let status, let headers, _) = outcome,
                [301, 302, 303, 307, 308].contains(status),
                let location = headers.first(where: { $0.name.lowercased() == "location" })?.value,
                let next = URL(string: location, relativeTo: request.url)?.absoluteURL, next.scheme == "http"
            else { return outcome }
            // As browsers and URLSession do: 303, and 301/302 after a POST, go on as a GET without a body.
            if status == 303 || (request.method == "POST" && (status == 301 || status == 302)) {
                request = FetchRequest(
                    method: "GET", url: next,
                    headers: request.headers.filter {
                        !["content-type", "content-length"].contains($0.name.lowercased())
                    })
            } else {
                request.url = next
            }
        }
        return .failed(.transport(URLError(.httpTooManyRedirects)))
    }

    private func exchange(_ request: FetchRequest) -> BoundedSession.Outcome {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true),
            let host = components.host, !host.isEmpty
        else { return .failed(.transport(URLError(.badURL))) }
        for header in request.headers where (header.name + header.value).utf8.contains(where: { $0 == 13 || $0 == 10 })
        {
            return .failed(.transport(URLError(.badURL)))
        }
        let port = components.port ?? 80
        let connection: LoopbackHTTPClient
        do {
            // Short reads, so the deadline and a cancellation are noticed between them.
            connection = try LoopbackHTTPClient(host: host, port: port, receiveTimeout: 0.2)
        } catch {
            let code: URLError.Code = error == .cannotResolve(host: host) ? .cannotFindHost : .cannotConnectToHost
            return .failed(.transport(URLError(code)))
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let target = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let authority = components.port.map { "\(host):\($0)" } ?? host
        var head = "\(request.method) \(target) HTTP/1.1\r\nHost: \(authority)\r\n"
        for header in request.headers
        where !["host", "content-length", "connection"].contains(header.name.lowercased()) {
            head += "\(header.name): \(header.value)\r\n"
        }
        if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        connection.send(Array((head + "Connection: close\r\n\r\n").utf8) + request.body)
        return readAnswer(connection, method: request.method)
    }

    private func readAnswer(_ connection: LoopbackHTTPClient, method: String) -> BoundedSession.Outcome {
        var answer: LoopbackHTTPClient.Response?
        while answer == nil {
            if let failure = stopped() { return failure }
            switch connection.readHead(maximumBytes: Self.maximumHeadBytes, headRequest: method == "HEAD") {
            // An interim answer (100 Continue) is followed by the real one.
            case .success(let head) where (100..<200).contains(head.status): continue
            case .success(let head): answer = head
            case .failure(.closed) where !connection.closedByPeer: continue  // a short read timed out
            case .failure(.closed): return .failed(.transport(URLError(.networkConnectionLost)))
            case .failure(.malformed), .failure(.tooLarge): return .failed(.transport(URLError(.badServerResponse)))
            }
        }
        guard let answer else { return .failed(.transport(URLError(.badServerResponse))) }
        if let length = answer.headers["Content-Length"].flatMap({ Int($0) }), length > limits.maximumBytes {
            return .failed(.tooLarge(limit: limits.maximumBytes))
        }
        var body: [UInt8] = []
        while true {
            if let failure = stopped() { return failure }
            guard let piece = connection.readBodyPiece() else {
                if connection.malformation != nil { return .failed(.transport(URLError(.badServerResponse))) }
                guard connection.closedByPeer else { continue }  // a short read timed out
                return .failed(.transport(URLError(.networkConnectionLost)))
            }
            if piece.isEmpty { break }
            body += piece
            if body.count > limits.maximumBytes { return .failed(.tooLarge(limit: limits.maximumBytes)) }
        }
        return .answered(
            status: answer.status, headers: answer.headers.fields.map { ($0.name, $0.value) }, body: body)
    }

    /// The outcome when the deadline passed or the caller gave up; `nil` to go on.
    private func stopped() -> BoundedSession.Outcome? {
        if DispatchTime.now() >= deadline { return .failed(.deadline(limits.deadline)) }
        if isCancelled() { return .failed(.transport(CancellationError())) }
        return nil
    }
}
