import Foundation
import PushFakeCore
import PushFakeHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pushfake tail`: follows `GET /__pushfake/events` and prints one line per journal entry and per delivery as they
/// happen (`--json`: the entries as JSON Lines, a recording). When the journal restarts (a reset, a cleared
/// journal: the stream's `reset` event) it says so and goes on with the new entries. Ends with 0 on SIGINT/SIGTERM
/// or when the server ends the stream (it stopped, or the instance was deleted: the `end` event); 1 when the server
/// dropped this subscriber for falling behind; 69 when the connection is lost; 76 when the answer is not an event
/// stream it can read (another content type, broken framing, an event over `--max-event-bytes`). It does not
/// reconnect.
///
/// Whatever the server sends, tail holds at most one event (and a response head of at most 64 KiB) and reads each
/// byte once.
enum TailCommand {
    static let spec = CommandSpec(
        path: ["tail"], summary: "Follow the journal of a running server live (one line per request and delivery).",
        discussion: """
            Follows the server's event stream (GET /__pushfake/events). Each request prints `#SEQ TIME \
            vendor.operation METHOD PATH -> STATUS`, with `fault=…` when a fault rule applied and `deliveries=N` \
            when it delivered; each delivery an indented `delivery ID vendor -> DEVICE`, with `failed REASON` or \
            `warnings CODE, …` when it has problems (and a note added to one later, `note ID: …`). --json prints \
            each journal entry as one JSON line instead (the JSON Lines recording format). When the journal restarts \
            (POST /__pushfake/reset, DELETE /__pushfake/journal) it prints a `-- reset` line (on stderr with --json) \
            and goes on. Stops with exit 0 on Ctrl-C (SIGINT) or SIGTERM, or when the server ends the stream; exit 1 \
            when the server drops a reader that fell behind, 69 when the connection is lost, 76 when the answer is \
            not an event stream (another Content-Type, broken framing, an event larger than --max-event-bytes). It \
            does not reconnect.
            """,
        options: TailOptions.self,
        run: { options, context throws(CommandExit) in try run(options, context) })

    private static func run(_ options: TailOptions, _ context: CommandContext<TailOptions>) throws(CommandExit) {
        let client = try ServerClient(options.server, context)
        var prefix = client.transport.basePath
        if let instance = options.instance {
            guard prefix.isEmpty else {
                throw context.usage("--instance goes with the server's URL, not an instance's (\(client.url))")
            }
            prefix = "/i/" + instance
        }
        let json = options.json
        let maximumEventBytes = options.maxEventBytes
        installSignalHandlers()
        let connection: LoopbackHTTPClient
        do {
            // Heartbeats come every 15 s: a minute of silence means the connection is gone.
            connection = try LoopbackHTTPClient(
                host: client.transport.host, port: client.transport.port, receiveTimeout: 60)
        } catch {
            throw CommandExit(.unavailable, "cannot reach \(client.url): \(error)")
        }
        let query = options.since.map { "?since=\($0)" } ?? ""
        var request = "GET \(prefix)/__pushfake/events\(query) HTTP/1.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in client.transport.headers { request += "\(name): \(value)\r\n" }
        connection.send(request + "\r\n")
        let head: LoopbackHTTPClient.Response
        switch connection.readHead(maximumBytes: 64 << 10) {
        case .success(let response): head = response
        case .failure(.closed): throw CommandExit(.unavailable, "no response from \(client.url)")
        case .failure(.tooLarge(let limit)):
            throw CommandExit(.protocolError, "\(client.url) sent a response head of more than \(limit) bytes")
        case .failure(.malformed): throw CommandExit(.protocolError, "\(client.url) did not answer with HTTP")
        }
        guard head.status == 200 else {
            let body = connection.readBody(of: head) ?? []
            let message = (try? JSON.parse(body))?["error"]?.stringValue ?? String(decoding: body, as: UTF8.self)
            throw CommandExit(.failure, "\(head.status): \(LogText.escaped(message))")
        }
        let type = head.headers["Content-Type"] ?? "none"
        guard type.lowercased().hasPrefix("text/event-stream") else {
            throw CommandExit(
                .protocolError,
                "\(client.url) answered with Content-Type \(LogText.escaped(type)), not an event stream (text/event-stream)"
            )
        }
        try follow(connection, head: head, json: json, maximumEventBytes: maximumEventBytes, url: client.url)
    }

    /// Reads the stream's body and prints its events until it ends.
    private static func follow(
        _ connection: LoopbackHTTPClient, head: LoopbackHTTPClient.Response, json: Bool, maximumEventBytes: Int,
        url: String
    ) throws(CommandExit) {
        var parser = ServerSentEvents(maximumEventBytes: maximumEventBytes)
        while true {
            guard let bytes = connection.readBodyPiece() else {
                if let malformation = connection.malformation {
                    throw CommandExit(.protocolError, "\(url): \(LogText.escaped(malformation))")
                }
                // A body that lasts until the close has ended when the server closes (the piece is then empty);
                // any other was cut off, and a minute without even a heartbeat means the connection is gone.
                throw CommandExit(.unavailable, "lost the connection to \(url)")
            }
            if bytes.isEmpty { break }
            let events: [ServerSentEvents.Event]
            do {
                events = try parser.feed(bytes)
            } catch {
                throw CommandExit(.protocolError, "\(url): \(error)")
            }
            // The server says why it ends the stream: that is the last line.
            for event in events where try show(event, json: json) { return }
        }
        say("pushfake tail: the server ended the stream")
    }

    /// Prints one event; `true` for the server's last one, `end`; a `dropped` event ends the command with 1.
    private static func show(_ event: ServerSentEvents.Event, json: Bool) throws(CommandExit) -> Bool {
        switch event.name {
        case "entry":
            if json {
                write(event.data)
            } else if let entry = try? JSON.parse(event.data) {
                write(LogText.escaped(line(entry: entry)))
            }
        case "delivery":
            if !json, let delivery = try? JSON.parse(event.data) { write(LogText.escaped(line(delivery: delivery))) }
        case "note":
            if !json, let note = try? JSON.parse(event.data) { write(LogText.escaped(line(note: note))) }
        case "reset", "state":
            // A recording on stdout stays entries only; the news goes to stderr there.
            let text = LogText.escaped(line(news: event.name, data: try? JSON.parse(event.data)))
            if json { say("pushfake tail: " + text) } else { write(text) }
        case "end":
            let message = (try? JSON.parse(event.data))?["message"]?.stringValue ?? event.data
            say("pushfake tail: the server ended the stream: \(LogText.escaped(message))")
            return true
        case "dropped":
            let reason = (try? JSON.parse(event.data))?["reason"]?.stringValue ?? event.data
            throw CommandExit(.failure, "the server dropped this reader: \(LogText.escaped(reason))")
        default:
            break
        }
        return false
    }

    /// `#7 2026-01-01T00:00:00.000Z tpns.register POST /TPNS/api/device/register -> 409 fault=tpnsError(-1001)`.
    static func line(entry: JSON) -> String {
        let sequence = entry["seq"]?.intValue.map(String.init) ?? "?"
        let time = entry["time"]?.stringValue ?? "?"
        let what: String
        if let vendor = entry["vendor"]?.stringValue, let operation = entry["operation"]?.stringValue {
            what = "\(vendor).\(operation)"
        } else {
            what = "unmatched"
        }
        let method = entry["request"]?["method"]?.stringValue ?? "?"
        var path = entry["request"]?["path"]?.stringValue ?? "?"
        if let query = entry["request"]?["query"]?.stringValue, !query.isEmpty { path += "?" + query }
        var text = "#\(sequence) \(time) \(what) \(method) \(path) -> "
        switch entry["outcome"]?.stringValue {
        case "dropped"?: text += "dropped"
        case "droppedAfterHandling"?: text += "\(entry["response"]?["status"]?.intValue ?? 0) (dropped)"
        default: text += "\(entry["response"]?["status"]?.intValue.map(String.init) ?? "?")"
        }
        if let fault = entry["fault"]?["fault"] {
            let label = (try? Fault(json: fault))?.logLabel ?? fault.serializedString()
            text += " fault=\(label)"
        }
        if let count = entry["deliveries"]?.arrayValue?.count, count > 0 { text += " deliveries=\(count)" }
        return text
    }

    /// `-- reset: the journal started over (epoch 4712, reset)` or `-- state loaded: devices and deliveries were
    /// replaced`.
    static func line(news name: String, data: JSON?) -> String {
        guard name == "reset" else { return "-- state loaded: devices and deliveries were replaced" }
        let epoch = data?["epoch"]?.stringValue ?? "?"
        let cause = data?["cause"]?.stringValue ?? "?"
        return "-- reset: the journal started over (epoch \(epoch), \(cause))"
    }

    /// `  delivery 3000000000000001 tpns -> E621E1F8-… (ios)`, with `failed REASON` when the push network would
    /// refuse it and `warnings CODE, …` when a phone would not show it as intended (DeliveryChecks.md).
    static func line(delivery: JSON) -> String {
        let id = delivery["id"]?.stringValue ?? "?"
        let vendor = delivery["vendor"]?.stringValue ?? "?"
        let device = delivery["deviceId"]?.stringValue ?? "?"
        let platform = delivery["platform"]?.stringValue.map { " (\($0))" } ?? ""
        var problems = ""
        if delivery["status"]?.stringValue == "failed" {
            problems += " failed \(delivery["reason"]?.stringValue ?? "?")"
        }
        let warnings = (delivery["problems"]?.arrayValue ?? []).filter { $0["severity"]?.stringValue == "warning" }
        if !warnings.isEmpty {
            problems += " warnings " + warnings.map { $0["code"]?.stringValue ?? "?" }.joined(separator: ", ")
        }
        return "  delivery \(id) \(vendor) -> \(device)\(platform)\(problems)"
    }

    /// `  note 3000000000000001: simctl push failed: …` (a note added to a delivery after it was made).
    static func line(note: JSON) -> String {
        let id = note["delivery"]?["id"]?.stringValue ?? "?"
        return "  note \(id): \(note["note"]?.stringValue ?? "")"
    }

    /// Unbuffered, so every line is out before a signal ends the process.
    private static func write(_ line: String) {
        StandardStreams.output(line + "\n")
    }

    private static func say(_ line: String) {
        StandardStreams.error(line + "\n")
    }

    /// SIGINT and SIGTERM end the command with 0: following is stopped by a signal, which is not a failure.
    /// They are unblocked first: a parent may have started this process with them blocked (the mask is inherited).
    private static func installSignalHandlers() {
        signal(SIGINT) { _ in _exit(0) }
        signal(SIGTERM) { _ in _exit(0) }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
