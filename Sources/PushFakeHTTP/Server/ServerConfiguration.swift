import Foundation
import PushFakeCore

/// How a ``PushFakeServer`` listens and what it tolerates.
public struct ServerConfiguration: Sendable {
    /// Address to bind: `127.0.0.1` (default), `::1`, `0.0.0.0`, `localhost`, …
    public var host: String
    /// Port to bind; 0 lets the kernel choose (read it back from ``PushFakeServer/port``).
    public var port: Int
    /// Request line plus headers above this many bytes answer 431.
    public var maxHeadBytes: Int
    /// Bodies above this many bytes answer 413; state documents and recordings have limits of their own.
    public var maxBodyBytes: Int
    /// `PUT /__pushfake/state` bodies above this many bytes answer 413 (32 MiB by default): the limit for state
    /// documents, instead of ``maxBodyBytes`` (`pushfake serve --max-state-bytes`). Loading a document takes
    /// several times its size in memory while it is read.
    public var maxStateBytes = 32 * 1_048_576
    /// `POST /__pushfake/recordings/compare` bodies above this many bytes answer 413 (32 MiB by default): the limit
    /// for recordings, instead of ``maxBodyBytes`` (`pushfake serve --max-recording-bytes`).
    public var maxRecordingBytes = 32 * 1_048_576
    /// A keep-alive connection with no request for this many seconds is closed.
    public var idleTimeout: Double
    /// A request whose bytes take longer than this many seconds to arrive answers 408 and the connection closes.
    /// Counted from the accept for a connection's first request (a connection that sends nothing at all is closed
    /// silently after this long), from its first byte for the later requests of a kept-alive connection.
    public var requestTimeout: Double
    /// After answering 413 to a body over the limit, which the client may still be sending, a connection reads and
    /// discards what still comes for at most this many seconds (and 64 MiB), so the client reads the answer
    /// instead of a reset (FakeBehaviour.md, "Bodies over the limit").
    package var rejectionLinger: Double = 5
    /// The most connections served at once. At the cap a new connection takes the place of the oldest one that has
    /// not sent a byte; when every one has, it is answered 503 (`Connection: close`) and closed at once.
    /// `nil` (the default): ``defaultMaxConnections`` as it is when the server starts, which leaves room below the
    /// process's descriptor limit — so a test that raises `ulimit -n` before starting a server gets the room.
    public var maxConnections: Int?
    /// The most instances (`POST /__pushfake/instances`) alive at once, 0…``maxInstancesRange``; one more is answered
    /// 503. Each instance's journal is bounded by the server engine's own `journalLimit` when it has one: an instance
    /// may ask for less, never for more (FakeBehaviour.md, "Instances").
    public var maxInstances = ServerConfiguration.defaultMaxInstances
    /// The default ``maxInstances``.
    public static let defaultMaxInstances = 1_000
    /// The values ``maxInstances`` (and `pushfake serve --max-instances`) takes; 0 turns instances off.
    public static let maxInstancesRange = 0...100_000
    /// Called for each request once it is answered, before any fault delay and the write, on the thread serving
    /// the connection (an event loop's under `.eventLoop`, so keep it quick).
    public var log: (@Sendable (RequestLogLine) -> Void)?
    /// How connections are served.
    public var ioModel: IOModel
    /// Event loops for `.eventLoop`: one per core up to 4 by default (`PUSHFAKE_LOOPS` overrides;
    /// `pushfake serve --event-loops` sets it). Values outside ``eventLoopCountRange`` are clamped into it when the
    /// server starts.
    public var eventLoopCount: Int
    /// The values ``eventLoopCount`` (and `pushfake serve --event-loops`) takes.
    public static let eventLoopCountRange = 1...64
    /// Who may use the admin API: loopback clients only by default (``AdminAccess``).
    public var adminAccess = AdminAccess()
    /// Seconds between heartbeat comments on `GET /__pushfake/events` streams.
    public var eventsHeartbeat: Double = 15
    /// How far (bytes) an events subscriber may fall behind before it is dropped with a final `dropped` event.
    public var eventsBufferBytes = 1 << 20
    /// Seconds ``PushFakeServer/stop()`` lets the answers in flight finish (a journal export being written, a
    /// delayed answer) before it closes what is left; idle connections close at once, held waits answer 503 and
    /// event streams end with a final `end` event at the start of it. 0 cuts at once; a negative or NaN value counts
    /// as 0. `pushfake serve --shutdown-grace` sets it (FakeBehaviour.md, "Shutdown").
    public var shutdownGrace: Double = 2
    /// Sends vendor requests to the real service instead of the engine (`pushfake serve --upstream-tpns`); `nil`,
    /// the default, answers every request from the engine.
    package var upstream: (any UpstreamForwarding)?
    /// The secrets that the recording exports of the admin API (`GET /__pushfake/journal?format=jsonl|har`), the
    /// event stream (`GET /__pushfake/events`) and the request log leave out; `redactAppKeys=true` in an export's
    /// query adds the TPNS application keys (`pushfake serve --redact-app-keys` sets that for all of them).
    public var recordingRedaction = RecordingRedaction.standard
    /// Admin operations served after PushFake's own (``AdminOperations/all``), described and listed as they are; an
    /// extra whose id is taken is left out. For tests and tools that add an operation.
    package var adminOperations: [AnyAdminOperation] = []

    /// Creates a configuration; the defaults suit tests: loopback, kernel-chosen port, 64 KiB heads, 10 MiB bodies.
    /// ``eventLoopCount`` is read from the core count and `PUSHFAKE_LOOPS` here, not passed in.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        maxHeadBytes: Int = 65_536,
        maxBodyBytes: Int = 10 * 1_048_576,
        idleTimeout: Double = 60,
        requestTimeout: Double = 15,
        log: (@Sendable (RequestLogLine) -> Void)? = nil,
        ioModel: IOModel = .default
    ) {
        self.host = host
        self.port = port
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.log = log
        self.ioModel = ioModel
        let cores = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
        self.eventLoopCount =
            ProcessInfo.processInfo.environment["PUSHFAKE_LOOPS"].flatMap { Int($0) }.map {
                max(Self.eventLoopCountRange.lowerBound, min(Self.eventLoopCountRange.upperBound, $0))
            } ?? cores
    }

    /// Descriptors kept back from the connection cap for everything else the process opens: the listener, wake
    /// pipes and event loops, state and recording files, the test process's own sockets.
    public static let descriptorHeadroom = 64

    /// The default ``maxConnections``: the process's soft descriptor limit (`ulimit -n`) less
    /// ``descriptorHeadroom``, at least 16, at most 1,000,000, read each time it is asked.
    public static var defaultMaxConnections: Int {
        max(16, min(1_000_000, DescriptorBudget.softLimit - descriptorHeadroom))
    }

    /// How a server serves connections.
    public enum IOModel: String, Sendable, CaseIterable {
        /// A blocking thread per connection: portable (Linux and Darwin).
        case threadPerConnection = "threads"
        /// A few epoll loops serve every connection (Linux only; elsewhere it falls back to threads).
        case eventLoop = "epoll"

        /// `eventLoop` on Linux, `threadPerConnection` elsewhere; the environment variable `PUSHFAKE_IO_MODEL`
        /// (`threads` or `epoll`) overrides it, so CI can run the server tests under both.
        public static var `default`: IOModel {
            if let name = ProcessInfo.processInfo.environment["PUSHFAKE_IO_MODEL"], let model = IOModel(rawValue: name)
            {
                return model
            }
            #if os(Linux)
                return .eventLoop
            #else
                return .threadPerConnection
            #endif
        }
    }
}
