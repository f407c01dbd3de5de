import Dispatch
import Foundation
import PushFakeCore
import PushFakeReplay

/// `pushfake replay <file> --url <base>`: sends a recording's requests to a server and reports drift (docs/recordings.md,
/// "Replay"; RecordingFormat.md, "Replay").
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
        options: ReplayCommandOptions.self,
        run: { options, context throws(CommandExit) in try run(options, context) })

    private static func run(_ command: ReplayCommandOptions, _ context: CommandContext<ReplayCommandOptions>)
        throws(CommandExit)
    {
        let options = try command.replayOptions(context)
        let recording = try read(command.file)
        let report = try wait(for: recording, options: options)
        let output = command.json ? report.json.serializedString() + "\n" : report.text()
        StandardStreams.output(output)
        let cut = report.limitsHit
        if let first = cut.first, let limit = first.limit {
            let value = limit == .timeout ? "\(options.timeout) s" : "\(options.maximumResponseBytes) bytes"
            let more = cut.count > 1 ? " (and \(cut.count - 1) more)" : ""
            throw CommandExit(
                .failure, "\(first.location)\(more): the answer was cut off by \(limit.option) \(value)")
        }
        if report.hasDrift { throw CommandExit(.failure) }
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
        let outcome = waitForTask { () async -> Result<DriftReport, ReplayError> in
            do throws(ReplayError) {
                return .success(try await Replay.run(recording, options: options))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
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
