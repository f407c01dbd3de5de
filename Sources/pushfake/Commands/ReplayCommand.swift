import Dispatch
import Foundation
import PushFakeCore
import PushFakeReplay

/// `pushfake replay <file> --url <base>`: sends a recording's requests to a server and reports drift (README,
/// "Recordings and replay"; RecordingFormat.md, "Replay").
enum ReplayCommand {
    static let spec = CommandSpec(
        path: ["replay"], summary: "Replay a recording (JSON Lines or HAR) against a server and report drift.",
        discussion: """
            Sends the recorded requests in order to --url (or $PUSHFAKE_URL): a fake, an instance or the real \
            service, over http or https. ${secret:NAME} placeholders are filled from --secret NAME=VALUE or \
            $PUSHFAKE_SECRET_NAME (upper case, - as _); ids that earlier answers returned are substituted into \
            later requests. Each answer is compared with the recorded one, ignoring generated ids, timestamps and \
            the fields given with --ignore; the report has one line per route, then every differing field.

            Every exchange is bounded: --timeout is a deadline for the whole exchange (from sending to the last byte, \
            not an idle timeout) and --max-response-bytes caps the answer; an exchange cut off by either counts as \
            no answer, and the report names the limit and the line.

            Exit status: 0 when nothing differs, 1 when something does (an answer cut off by a limit included), 64 \
            for a usage error or a missing secret, 65 when the recording cannot be read, 69 when the server cannot \
            be reached.
            """,
        arguments: [ArgumentSpec(name: "file", help: "The recording: a JSON Lines file or a HAR 1.2 file")],
        options: [
            .value("--url", "url", "Where to send: http(s)://host[:port][/prefix] (default: $PUSHFAKE_URL)"),
            .value(
                "--ignore", "path", "Leave this answer field out of the comparison, e.g. json.objects[*].created_at",
                repeatable: true),
            .value("--secret", "name=value", "The value of the placeholder ${secret:name}", repeatable: true),
            .value("--rate", "n", "Send at most n requests per second over all sessions"),
            .value("--concurrency", "n", "Replay the recording n times at once, as independent sessions (default 1)"),
            .value(
                "--latency-tolerance", "ms",
                "How much slower than recorded an answer may be before it counts as different (default 1000)"),
            .value(
                "--timeout", "seconds",
                "Deadline for each exchange, from sending to the answer's last byte (0.001...86400, default 30)"),
            .value(
                "--max-response-bytes", "n",
                "Cut off an answer larger than n bytes (1024...1073741824, default 16777216)"),
            .flag("--json", "Print the report as one JSON object"),
        ],
        run: { arguments throws(CommandExit) in try run(arguments) })

    private static func run(_ arguments: ParsedArguments) throws(CommandExit) {
        let options = try options(arguments)
        let recording = try read(arguments.positional[0])
        let report = try wait(for: recording, options: options)
        let output = arguments.has("--json") ? report.json.serializedString() + "\n" : report.text()
        FileHandle.standardOutput.write(Data(output.utf8))
        let cut = report.limitsHit
        if let first = cut.first, let limit = first.limit {
            let value = limit == .timeout ? "\(options.timeout) s" : "\(options.maximumResponseBytes) bytes"
            let more = cut.count > 1 ? " (and \(cut.count - 1) more)" : ""
            throw CommandExit(
                .failure, "\(first.location)\(more): the answer was cut off by \(limit.option) \(value)")
        }
        if report.hasDrift { throw CommandExit(.failure) }
    }

    /// The options from the command line; every value is checked here, as a usage error naming the option.
    static func options(_ arguments: ParsedArguments) throws(CommandExit) -> ReplayOptions {
        guard let url = arguments.string("--url") ?? ProcessInfo.processInfo.environment["PUSHFAKE_URL"] else {
            throw arguments.usage("no server URL: pass --url or set PUSHFAKE_URL")
        }
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme ?? ""),
            components.host?.isEmpty == false, components.query == nil, components.fragment == nil
        else {
            throw arguments.usage("--url must be an http:// or https:// URL without query or fragment, not \(url)")
        }
        var secrets: [String: String] = [:]
        for text in arguments.all("--secret") {
            guard let equals = text.firstIndex(of: "="), SecretPlaceholder.isValidName(text[..<equals]) else {
                throw arguments.usage("--secret takes <name>=<value>, the name of a-z, 0-9 and -, not \(text)")
            }
            secrets[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        var options = ReplayOptions(baseURL: url, ignoredFields: arguments.all("--ignore"), secrets: secrets)
        options.rate = try arguments.double("--rate", in: 0.001...1_000_000)
        options.concurrency = try arguments.int("--concurrency", in: 1...1_000) ?? 1
        if let milliseconds = try arguments.double("--latency-tolerance", in: 0...3_600_000) {
            options.latencyTolerance = milliseconds / 1000
        }
        options.timeout = try arguments.double("--timeout", in: 0.001...86_400) ?? options.timeout
        options.maximumResponseBytes =
            try arguments.int("--max-response-bytes", in: ReplayOptions.maximumResponseBytesRange)
            ?? options.maximumResponseBytes
        return options
    }

    /// The recording in `path`; an unreadable or invalid file exits 65 saying why.
    static func read(_ path: String) throws(CommandExit) -> Recording {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandExit(.dataError, "cannot read the recording \(path): \(error.localizedDescription)")
        }
        do throws(RecordingError) {
            return try Recording.parse(Array(data))
        } catch {
            throw CommandExit(.dataError, "\(path): \(error)")
        }
    }

    /// Runs the replay on the concurrency pool and waits for it on this thread.
    private static func wait(for recording: Recording, options: ReplayOptions) throws(CommandExit) -> DriftReport {
        let outcome = Locked<Result<DriftReport, ReplayError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<DriftReport, ReplayError>
            do throws(ReplayError) {
                result = .success(try await Replay.run(recording, options: options))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let report)?:
            return report
        case .failure(.unreachable(let url, let reason))?:
            throw CommandExit(.unavailable, "cannot reach \(url): \(reason)")
        case .failure(let error)?:
            throw CommandExit(.usage, "\(error)")
        case nil:
            throw CommandExit(.software, "the replay ended without a report")
        }
    }
}
