import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a ``BoundedSession``: hands each task's answer to its ``BoundedExchange`` as it arrives, and
/// cancels a task whose answer passes the cap.
final class BoundedSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let followsRedirects: Bool
    private let exchanges = Locked<[Int: BoundedExchange]>([:])

    init(followsRedirects: Bool) {
        self.followsRedirects = followsRedirects
    }

    func register(_ exchange: BoundedExchange, for task: Int) {
        exchanges.withLock { $0[task] = exchange }
    }

    func forget(_ task: Int) {
        exchanges.withLock { _ = $0.removeValue(forKey: task) }
    }

    private func exchange(_ task: URLSessionTask) -> BoundedExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    /// Fails the exchange as too large and cancels its task.
    private func refuse(_ task: URLSessionTask, _ exchange: BoundedExchange) {
        exchange.finish(.failed(.tooLarge(limit: exchange.limit)))
        forget(task.taskIdentifier)
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(dataTask) else { return completionHandler(.cancel) }
        // A length announced beyond the cap is refused before a byte of the body is read.
        if response.expectedContentLength > Int64(exchange.limit) {
            refuse(dataTask, exchange)
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(dataTask) else { return }
        if !exchange.append(data) { refuse(dataTask, exchange) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchange(task) else { return }
        forget(task.taskIdentifier)
        if let error {
            exchange.finish(.failed(.transport(error)))
        } else if let http = task.response as? HTTPURLResponse {
            // The head is read here, not when it arrived: URLSession on Linux does not always tell the delegate.
            let headers = http.allHeaderFields.compactMap { key, value -> (name: String, value: String)? in
                guard let name = key as? String, let text = value as? String else { return nil }
                return (name, text)
            }
            exchange.finish(exchange.answer(status: http.statusCode, headers: headers))
        } else {
            exchange.finish(.failed(.transport(URLError(.badServerResponse))))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(followsRedirects ? request : nil)
    }
}
