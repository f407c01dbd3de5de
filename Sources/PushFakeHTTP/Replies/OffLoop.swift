import Dispatch
import PushFakeCore

/// Work too heavy for an event loop, done on worker queues instead (Performance.md, "Large answers and other
/// clients"): an event loop serves many connections, so a loop that spends a second writing one client's state
/// document makes every other client on it wait that second.
///
/// The event loop decides by size — the bytes an answer is estimated at, the bytes of a request body — takes what it
/// needs under the engine's lock (a snapshot: copies of values), and answers `.deferred`; a worker builds the answer
/// outside the lock and resolves the deferred reply. An answer of ``streamThresholdBytes`` or more then goes out as a
/// stream of a body known whole: the same bytes as a plain response (`Content-Length` and all), taken by the
/// connection ``chunkBytes`` at a time as its output buffer has room, so the loop never copies megabytes at once.
package enum OffLoop {
    /// Answers estimated at this many bytes or more are built off the event loops; requests with bodies this large
    /// are handled off them.
    package static let thresholdBytes = 256 * 1024
    /// Answers built off the loops whose body has at least this many bytes are streamed in pieces; smaller ones are
    /// written whole.
    package static let streamThresholdBytes = 256 * 1024
    /// The size of each piece of a streamed answer.
    package static let chunkBytes = 64 * 1024

    /// Builds large answers one at a time: a client pipelining exports of a big journal keeps this queue busy, not
    /// the loop that serves everyone else, and only one such answer is being built at a time whatever the clients.
    private static let answers = DispatchQueue(label: "pushfake-large-answers")
    /// Handles requests with large bodies (and, while one is pending, later requests to the same engine), in the
    /// order they came: the engine handles each under its one lock, so nothing is gained by running them at once.
    private static let requests = DispatchQueue(label: "pushfake-large-requests")

    /// The answer `build` makes, built on the answers queue; `build` must only read what the loop took for it (a
    /// snapshot), never wait for the engine.
    package static func answer(_ build: @escaping @Sendable () -> FakeResponse) -> ServerReply {
        let deferred = DeferredResponse()
        answers.async {
            guard !deferred.isCancelled else { return }
            deferred.resolve(streamedIfLarge(build()))
        }
        return .deferred(deferred, timeout: nil, timeoutResponse: cancelled)
    }

    /// Answers at once when `estimatedBytes` is below ``thresholdBytes``, otherwise builds the answer off the loops.
    /// (A request with a large body already runs on the requests worker; its large answer is then built on the
    /// answers worker all the same, a hop that keeps the two kinds of work apart.)
    package static func answer(
        estimatedBytes: Int, _ build: @escaping @Sendable () -> FakeResponse
    ) -> ServerReply {
        estimatedBytes < thresholdBytes ? .response(build()) : answer(build)
    }

    /// The reply `handle` gives (with where its `Date` comes from), computed on the requests queue; `handle` runs
    /// even when the client has left.
    static func reply(_ handle: @escaping @Sendable () -> (reply: ServerReply, date: AnswerDate)) -> ServerReply {
        let deferred = DeferredResponse()
        requests.async {
            var (reply, date) = handle()
            if case .response(let response, let delay) = reply, delay <= 0 { reply = streamedIfLarge(response) }
            deferred.resolve(reply, date: date)
        }
        return .deferred(deferred, timeout: nil, timeoutResponse: cancelled)
    }

    /// `response` as a stream of its body in pieces when the body is ``streamThresholdBytes`` or more, else as it is.
    package static func streamedIfLarge(_ response: FakeResponse) -> ServerReply {
        guard response.body.count >= streamThresholdBytes else { return .response(response) }
        return .stream(
            ResponseStream(
                status: response.status, headers: response.headers, body: response.body, chunkSize: chunkBytes)
        )
    }

    /// Never sent: a deferred reply without a timeout only ends by its resolution, the client leaving or the server
    /// stopping.
    private static let cancelled = FakeResponse.json(503, ["error": "the answer was cancelled"])
}
