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
        var buffer: [UInt8] = []
        var scanned = 0
        var answer: (status: Int, headers: HTTPHeaders)?
        var reader: ResponseBodyReader?
        var body: [UInt8] = []
        while true {
            if DispatchTime.now() >= deadline { return .failed(.deadline(limits.deadline)) }
            if isCancelled() { return .failed(.transport(CancellationError())) }
            guard let bytes = connection.readAvailable() else {
                guard connection.closedByPeer else { continue }
                // The close ends a body that lasts until it, and nothing else.
                if answer != nil, reader?.framing == .untilClose { break }
                return .failed(.transport(URLError(.networkConnectionLost)))
            }
            var fresh = bytes
            if answer == nil {
                buffer += bytes
                guard let end = Self.headEnd(buffer, from: max(0, scanned &- 3)) else {
                    scanned = buffer.count
                    guard buffer.count <= Self.maximumHeadBytes else {
                        return .failed(.transport(URLError(.badServerResponse)))
                    }
                    continue
                }
                guard let parsed = Self.parseHead(buffer[..<end]) else {
                    return .failed(.transport(URLError(.badServerResponse)))
                }
                fresh = Array(buffer[(end &+ 4)...])
                buffer = []
                scanned = 0
                // An interim answer (100 Continue) is followed by the real one.
                if (100..<200).contains(parsed.status) {
                    buffer = fresh
                    continue
                }
                answer = parsed
                if method == "HEAD" || parsed.status == 204 || parsed.status == 304 { break }
                do {
                    reader = try ResponseBodyReader(headers: parsed.headers)
                } catch {
                    return .failed(.transport(URLError(.badServerResponse)))
                }
                if case .length(let length)? = reader?.framing, length > limits.maximumBytes {
                    return .failed(.tooLarge(limit: limits.maximumBytes))
                }
            }
            guard var current = reader else { break }
            do {
                body += try current.decode(fresh)
            } catch {
                return .failed(.transport(URLError(.badServerResponse)))
            }
            reader = current
            if body.count > limits.maximumBytes { return .failed(.tooLarge(limit: limits.maximumBytes)) }
            if current.isComplete { break }
        }
        guard let answer else { return .failed(.transport(URLError(.badServerResponse))) }
        return .answered(
            status: answer.status, headers: answer.headers.fields.map { ($0.name, $0.value) }, body: body)
    }

    /// Where the blank line ending a head starts, searching from `start`.
    private static func headEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4, start <= bytes.count &- 4 else { return nil }
        for index in start...(bytes.count &- 4)
        where bytes[index] == 13 && bytes[index &+ 1] == 10 && bytes[index &+ 2] == 13 && bytes[index &+ 3] == 10 {
            return index
        }
        return nil
    }

    /// The status and header fields of `HTTP/1.x NNN reason` and its field lines.
    private static func parseHead(_ bytes: ArraySlice<UInt8>) -> (status: Int, headers: HTTPHeaders)? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]),
            (100...999).contains(status)
        else { return nil }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
            headers.add(name: String(line[..<colon]), value: value)
        }
        return (status, headers)
    }
}
