import Dispatch
import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP exchanges over URLSession that end in bounded time and memory, whatever the server does: a deadline for the
/// whole exchange, from sending to the last byte, and a cap on the answer's size (docs/recordings.md).
///
/// URLSession's `timeoutIntervalForRequest` is an idle timeout — a server that trickles bytes, or sends an endless
/// chunked body, resets it forever — and on Linux it is cut to whole seconds (PlatformNotes.md). So a timer ends each
/// exchange at its deadline. `http://` exchanges run on a thread of their own over their own connection
/// (``PlainHTTPExchange``), which reads nothing past the cap; `https://` ones go through URLSession, whose delegate
/// counts the answer's bytes as they come and cancels the task the moment they pass the cap (or the `Content-Length`
/// says they will) — bounded, but URLSession may have read ahead by then. `pushfake replay` and the upstream proxy of
/// `pushfake serve` use it.
package final class BoundedSession: Sendable {
    /// What one exchange may take.
    package struct Limits: Sendable, Equatable {
        /// Seconds from sending the request to the last byte of the answer.
        package var deadline: Double
        /// The most bytes the answer's body may have.
        package var maximumBytes: Int

        package init(deadline: Double, maximumBytes: Int) {
            self.deadline = deadline
            self.maximumBytes = maximumBytes
        }
    }

    /// How an exchange ended.
    package enum Outcome: Sendable {
        /// A complete answer within the limits: status, header fields as URLSession gives them, body.
        case answered(status: Int, headers: [(name: String, value: String)], body: [UInt8])
        /// No complete answer.
        case failed(Failure)
    }

    /// Why an exchange has no answer.
    package enum Failure: Error, Sendable {
        /// The deadline passed first.
        case deadline(Double)
        /// The answer's body passed the cap (or its `Content-Length` announced more).
        case tooLarge(limit: Int)
        /// URLSession failed: no connection, TLS, a lost connection, …
        case transport(any Error)
    }

    private let session: URLSession
    private let delegate: BoundedSessionDelegate
    private let followsRedirects: Bool

    /// A session of `configuration`, whose idle timeouts become a backstop a few seconds after the longest deadline
    /// (`longestDeadline`); redirects are followed, or handed back as answers when `followsRedirects` is `false` (a
    /// proxy's duty).
    package init(configuration: URLSessionConfiguration, longestDeadline: Double, followsRedirects: Bool) {
        // Whole seconds, at least one: Linux's URLSession cuts 0.5 to 0 and fails at once.
        let backstop = max(1, longestDeadline.rounded(.up)) + 5
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        delegate = BoundedSessionDelegate(followsRedirects: followsRedirects)
        self.followsRedirects = followsRedirects
        // Serial: URLSession queues each callback as an operation, and a task's data must not race its completion.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// Releases the session once the exchanges under way have ended, each by its deadline at the latest.
    ///
    /// (Not `invalidateAndCancel()`: on Linux it waits for the session's queue, and while a server floods a task
    /// being cancelled that took seconds and hundreds of megabytes, measured.)
    package func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// Starts `request`; `completion` runs exactly once, on another thread, when the answer is complete, the
    /// deadline passes or the cap is passed, whichever comes first. Returns a function that cancels the exchange.
    @discardableResult
    package func start(
        _ request: FetchRequest, limits: Limits, completion: @escaping @Sendable (Outcome) -> Void
    ) -> @Sendable () -> Void {
        let exchange = BoundedExchange(limit: limits.maximumBytes, completion: completion)
        if request.url.scheme?.lowercased() == "http" {
            return startPlain(request, limits: limits, exchange: exchange)
        }
        var urlRequest = request.urlRequest
        urlRequest.timeoutInterval = max(1, limits.deadline.rounded(.up)) + 5
        let task = session.dataTask(with: urlRequest)
        delegate.register(exchange, for: task.taskIdentifier)
        let deadline = limits.deadline
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [delegate] in
            guard exchange.finish(.failed(.deadline(deadline))) else { return }
            delegate.forget(task.taskIdentifier)
            task.cancel()
        }
        task.resume()
        return { [delegate] in
            guard exchange.finish(.failed(.transport(CancellationError()))) else { return }
            delegate.forget(task.taskIdentifier)
            task.cancel()
        }
    }

    /// A plain-HTTP exchange on a thread of its own; the deadline timer answers even while it is still connecting.
    private func startPlain(
        _ request: FetchRequest, limits: Limits, exchange: BoundedExchange
    ) -> @Sendable () -> Void {
        let cancelled = Locked(false)
        let deadline = DispatchTime.now() + limits.deadline
        let plain = PlainHTTPExchange(
            request: request, limits: limits, followsRedirects: followsRedirects, deadline: deadline,
            isCancelled: { cancelled.withLock { $0 } })
        let thread = Thread { exchange.finish(plain.perform()) }
        thread.name = "pushfake-fetch"
        thread.start()
        DispatchQueue.global().asyncAfter(deadline: deadline) {
            if exchange.finish(.failed(.deadline(limits.deadline))) { cancelled.withLock { $0 = true } }
        }
        return {
            cancelled.withLock { $0 = true }
            exchange.finish(.failed(.transport(CancellationError())))
        }
    }

    /// ``start(_:limits:completion:)``, awaited; cancelling the calling task cancels the exchange.
    package func fetch(_ request: FetchRequest, limits: Limits) async -> Outcome {
        let cancel = Locked<(@Sendable () -> Void)?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let stop = start(request, limits: limits) { continuation.resume(returning: $0) }
                cancel.withLock { $0 = stop }
            }
        } onCancel: {
            cancel.withLock { $0 }?()
        }
    }
}

/// One exchange under way: the answer so far, and the completion that runs once.
final class BoundedExchange: Sendable {
    private struct State {
        var body: [UInt8] = []
        var completion: (@Sendable (BoundedSession.Outcome) -> Void)?
    }

    let limit: Int
    private let state: Locked<State>

    init(limit: Int, completion: @escaping @Sendable (BoundedSession.Outcome) -> Void) {
        self.limit = limit
        self.state = Locked(State(completion: completion))
    }

    /// Adds body bytes; `false` when they pass the cap (the caller cancels).
    func append(_ data: Data) -> Bool {
        state.withLock { state in
            guard state.completion != nil else { return true }
            guard state.body.count &+ data.count <= limit else { return false }
            state.body += data
            return true
        }
    }

    /// The answer with this head and the body received.
    func answer(status: Int, headers: [(name: String, value: String)]) -> BoundedSession.Outcome {
        state.withLock { .answered(status: status, headers: headers, body: $0.body) }
    }

    /// Runs the completion with `outcome` unless it has run; `true` when this call ran it.
    @discardableResult
    func finish(_ outcome: BoundedSession.Outcome) -> Bool {
        let completion = state.withLock { state -> (@Sendable (BoundedSession.Outcome) -> Void)? in
            defer {
                state.completion = nil
                state.body = []
            }
            return state.completion
        }
        completion?(outcome)
        return completion != nil
    }
}
