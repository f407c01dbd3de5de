import PushFakeCore

/// A response whose body is pushed from other threads: the handle behind ``ServerReply/stream(_:)``.
///
/// The head (status and headers) goes out when the handler returns; each ``send(_:)`` becomes one chunk of a
/// `Transfer-Encoding: chunked` body, and ``finish()`` ends it, after which the connection serves the next request.
/// Nothing blocks the producer: bytes queue until the connection's I/O thread writes them, and a client that reads
/// slower than ``maxQueuedBytes`` allows gets its stream cancelled and its connection closed.
package final class ResponseStream: Sendable {
    /// The status of the head.
    package let status: Int
    /// The header fields of the head; the connection adds the framing fields.
    package let headers: HTTPHeaders
    /// The length of a body known whole (``init(status:headers:body:chunkSize:)``), sent as `Content-Length`;
    /// `nil` for a body pushed piece by piece, sent chunked.
    package let contentLength: Int?
    let source: ExternalSource

    /// Creates a stream; its head is sent when the handler returns it.
    /// - Parameter maxQueuedBytes: bytes sent but not yet taken by the connection beyond which the stream is
    ///   cancelled (a stalled client); a single larger chunk is taken when nothing else waits. 4 MiB by default.
    package init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), maxQueuedBytes: Int = 4 << 20) {
        self.status = status
        self.headers = headers
        self.contentLength = nil
        self.source = ExternalSource(maxQueuedBytes: maxQueuedBytes)
    }

    /// A stream of a body known whole: the head says its `Content-Length`, exactly as a plain response's would, and
    /// the connection takes the body `chunkSize` bytes at a time as its output buffer has room. Nothing is to be
    /// sent; how a large answer built off the event loops goes out without being copied into the connection's
    /// buffer all at once, in the same bytes as a plain response.
    package init(status: Int, headers: HTTPHeaders, body: [UInt8], chunkSize: Int = 64 * 1024) {
        self.status = status
        self.headers = headers
        self.contentLength = body.count
        self.source = ExternalSource(body: body, chunkSize: chunkSize)
    }

    /// The most bytes queued for the connection before the stream is cancelled.
    package var maxQueuedBytes: Int { source.maxQueuedBytes }

    /// Queues `bytes` as the next chunk; `false` once the stream was cancelled or finished. Empty `bytes` are a
    /// no-op (an empty chunk would end the body).
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return !source.isCancelled }
        return source.push(.chunk(bytes))
    }

    /// Bytes sent and not yet taken by the connection: how far behind the client is.
    package var queuedBytes: Int { source.queuedBytes }

    /// Bytes the connection has taken so far (written out or about to be): it stops growing when the client stops
    /// reading and the socket's buffers are full.
    package var takenBytes: Int { source.takenBytes }

    /// Calls `handler` each time the connection takes the queued chunks (on its I/O thread: keep it short), so a
    /// producer that paces itself by ``queuedBytes`` learns there is room again; `nil` stops it.
    package func onDrained(_ handler: (@Sendable () -> Void)?) {
        source.onDrain(handler)
    }

    /// Ends the body after the queued chunks; later sends are ignored.
    package func finish() {
        _ = source.push(.end)
    }

    /// Whether the stream was cancelled: the connection failed (a reset, a write that failed), the server's shutdown
    /// grace ran out, the request was a HEAD, or the
    /// client fell more than ``maxQueuedBytes`` behind.
    package var isCancelled: Bool { source.isCancelled }

    /// Calls `handler` once when the stream is cancelled (at once if it already is). It runs on the thread that
    /// cancels, often an event loop: keep it short.
    package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        source.onCancel(handler)
    }
}
