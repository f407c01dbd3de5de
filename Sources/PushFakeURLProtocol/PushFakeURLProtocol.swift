import Foundation
import PushFakeCore
import PushFakeHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers requests from a ``PushFake`` engine in-process: no sockets, no ports.
///
/// Each engine is registered under its own host (`pushfake-1.invalid`, …), so parallel tests never share a fake;
/// the class keeps no mutable state of its own, only a lock-protected registry. Sessions must list the class in
/// `URLSessionConfiguration.protocolClasses` (``URLSessionConfiguration/pushFake``): `URLProtocol.registerClass`
/// is process-global and unreliable on Linux (PlatformNotes.md).
///
/// ```swift
/// let fake = PushFake()
/// let host = PushFakeURLProtocol.register(fake)
/// defer { PushFakeURLProtocol.unregister(host: host) }
/// let session = URLSession(configuration: .pushFake)
/// let url = URL(string: "http://\(host)/TPNS/api/device/register")!
/// ```
public final class PushFakeURLProtocol: URLProtocol {
    private static let registry = Locked(Registry())
    /// The answer this load owes after a fault delay, cancelled by `stopLoading`.
    private let pendingAnswer = PendingAnswer()

    struct Registry {
        var engines: [String: PushFake] = [:]
        var nextNumber = 1
    }

    /// Registers an engine and returns the host that reaches it.
    public static func register(_ fake: PushFake) -> String {
        registry.withLock { registry in
            let host = "pushfake-\(registry.nextNumber).invalid"
            registry.nextNumber += 1
            registry.engines[host] = fake
            return host
        }
    }

    /// Forgets the engine behind `host` (case-insensitive); its requests are no longer answered. Safe to call twice.
    public static func unregister(host: String) {
        _ = registry.withLock { $0.engines.removeValue(forKey: host.lowercased()) }
    }

    static func engine(for url: URL?) -> PushFake? {
        guard let host = url?.host?.lowercased() else { return nil }
        return registry.withLock { $0.engines[host] }
    }

    /// Claims a request only when its host is registered, so other traffic in the session is left alone.
    override public class func canInit(with request: URLRequest) -> Bool {
        engine(for: request.url) != nil
    }

    /// The request unchanged, so the journal sees it as the client built it.
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Hands the request to its engine and answers with the engine's response after any fault delay. A dropped
    /// connection fails with `URLError(.networkConnectionLost)`; a delay reaching the request's timeout fails with
    /// `URLError(.timedOut)`.
    override public func startLoading() {
        guard let url = request.url, let fake = Self.engine(for: url) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let (body, bodyAvailable) = Self.body(of: request, isUpload: task is URLSessionUploadTask)
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name: name, value: value)
        }
        let method = request.httpMethod ?? "GET"
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let fakeRequest = FakeRequest(
            method: method, path: components?.percentEncodedPath ?? url.path,
            query: components?.percentEncodedQuery ?? "", headers: headers, body: body,
            bodyAvailable: bodyAvailable, transport: .urlProtocol)
        let handled = fake.handle(fakeRequest)
        guard handled.delay > 0 else {
            deliver(handled, url: url, isHead: method == "HEAD")
            return
        }
        // URLSession does not time out custom protocols on Linux: a delay past the request's timeout fails the
        // way a slow server would, after the timeout.
        let timesOut = request.timeoutInterval > 0 && handled.delay >= request.timeoutInterval
        let failure = timesOut ? URLError(.timedOut) : nil
        let exchange = timesOut ? handled.withDelay(request.timeoutInterval) : handled
        // URLProtocol instances are not Sendable; the lock box carries this one to the delayed answer.
        let box = Locked(self)
        pendingAnswer.schedule(after: exchange.delay) {
            box.withLock { loader in
                if let failure {
                    loader.client?.urlProtocol(loader, didFailWithError: failure)
                } else {
                    loader.deliver(exchange, url: url, isHead: method == "HEAD")
                }
            }
        }
    }

    /// Cancels a delayed answer that has not been delivered yet; an answer already given is unaffected.
    override public func stopLoading() {
        pendingAnswer.cancel()
    }

    private func deliver(_ exchange: Exchange, url: URL, isHead: Bool) {
        switch exchange.action {
        case .dropConnection:
            client?.urlProtocol(self, didFailWithError: URLError(.networkConnectionLost))
        case .respond:
            var fields: [String: String] = [:]
            for field in exchange.response.headers { fields[field.name] = field.value }
            fields["Content-Length"] = String(exchange.response.body.count)
            // Like the live server: the engine's clock, not the wall clock (FakeBehaviour.md, "HTTP").
            if exchange.response.headers["Date"] == nil { fields["Date"] = exchange.httpDate.text }
            guard
                let response = HTTPURLResponse(
                    url: url, statusCode: exchange.response.status, httpVersion: "HTTP/1.1", headerFields: fields)
            else {
                client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
                return
            }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !isHead, !exchange.response.body.isEmpty {
                client?.urlProtocol(self, didLoad: Data(exchange.response.body))
            }
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    /// The body from `httpBody` or `httpBodyStream` (Darwin often moves it to the stream). With
    /// `upload(for:from:)` on Linux neither is set: that is reported as unavailable, not as an empty body.
    static func body(of request: URLRequest, isUpload: Bool) -> ([UInt8], Bool) {
        if let data = request.httpBody { return (Array(data), true) }
        if let stream = request.httpBodyStream {
            var bytes: [UInt8] = []
            stream.open()
            defer { stream.close() }
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = stream.read(&buffer, maxLength: buffer.count)
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            return (bytes, true)
        }
        return ([], !isUpload)
    }
}

extension URLSessionConfiguration {
    /// An ephemeral configuration whose sessions reach engines registered with ``PushFakeURLProtocol``.
    public static var pushFake: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [PushFakeURLProtocol.self] + (configuration.protocolClasses ?? [])
        configuration.urlCache = nil
        return configuration
    }
}
