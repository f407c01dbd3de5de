import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeHTTP1

/// The properties the server holds for any sequence of requests, checked for one arbitrary input: the body of the
/// libFuzzer target (`LLVMFuzzerTestOneInput`, built by scripts/fuzz-engine) and of the test that replays the seed
/// corpus in fixtures/fuzz/engine.
///
/// Each input gets a fresh server (seed 0, fixed clock at its default start), never started: its responder answers
/// through a ``ConnectionMachine`` fed the requests' bytes, as a socket would, so the codec, the admin API, the
/// instances and the engine all run. Beyond "no crash", every request is checked for:
/// - what the connection writes is exactly one valid HTTP/1.1 answer (status line 200…599, or a `100 Continue`
///   before it when asked for; well-formed headers; `Content-Length` matching the body), or nothing when a fault
///   drops the connection;
/// - its reason phrase is the one table's (``HTTP1Status``), and it carries exactly one `Date`, an IMF-fixdate of
///   the fake clock of the engine that answered (the server's for what the transport rejects alone);
/// - the answer's body is JSON with a JSON `Content-Type`, except: the dashboard's page and assets, a JSON Lines
///   journal export (each line must be JSON instead), the events stream (only its head is checked), HEAD, 204 and
///   304 answers, and answers shaped by a `malformedBody` fault;
/// - a vendor request (or any path no route serves) adds exactly one entry to the journal of the engine it went
///   to — the instance's under `/i/{id}/`, else the server's — and none elsewhere; an admin request adds none
///   anywhere (a reset may start the count over).
///
/// Long-polls and streams never hold the fuzzer: a `wait` not answered at once and an events stream are hung up
/// on, as a client would, after checking what was written; a fault delay is waited out on the machine's own
/// synthetic clock.
public enum EngineFuzzCheck {
    /// Runs `input`; returns what was violated, or `nil` when everything held.
    public static func check(_ input: [UInt8]) -> String? {
        do throws(EngineFuzzViolation) {
            try run(EngineFuzzInput(input))
            return nil
        } catch {
            return error.description
        }
    }

    /// `METHOD target → status` per request of `input` (`-` when nothing was answered), for tests and for
    /// reading what a crashing input does.
    public static func trace(_ input: [UInt8]) -> [String] {
        let decoded = EngineFuzzInput(input)
        let server = makeServer(strict: decoded.strict)
        var connection = EngineFuzzConnection(server: server)
        defer { connection.close() }
        return decoded.requests.map { request in
            let written = connection.send(request)
            var status: Int?
            var rest = written.bytes[...]
            // A `100 Continue` is followed by the final answer.
            while let (response, after) = try? EngineFuzzResponse.read(rest, headRequest: request.method == "HEAD") {
                status = response.status
                guard response.status == 100 else { break }
                rest = after
            }
            return "\(request.method) \(request.target) → \(status.map(String.init) ?? "-")"
        }
    }

    static let token = "fuzz-token"

    static func makeServer(strict: Bool) -> PushFakeServer {
        guard strict else { return PushFakeServer(fake: PushFake(PushFakeConfiguration(seed: 0))) }
        let configuration = PushFakeConfiguration(
            seed: 0, stateChecks: true, journalLimit: 3, tpnsApps: ["app1"],
            twinPushApps: [TwinPushApp(id: "app1", apiToken: "api-token", creatorToken: "creator-token")])
        var server = ServerConfiguration()
        server.adminAccess = AdminAccess(token: token)
        return PushFakeServer(fake: PushFake(configuration), configuration: server)
    }

    private static func run(_ input: EngineFuzzInput) throws(EngineFuzzViolation) {
        let server = makeServer(strict: input.strict)
        var connection = EngineFuzzConnection(server: server)
        for request in input.requests {
            let before = journalCounts(server)
            let written = connection.send(request)
            try checkAnswer(written, to: request, server: server)
            try checkJournal(before: before, after: journalCounts(server), request: request, server: server)
        }
        connection.close()
    }

    /// Every engine's `totalCount` (entries ever appended), by engine.
    private static func journalCounts(_ server: PushFakeServer) -> [ObjectIdentifier: Int] {
        var counts = [ObjectIdentifier(server.fake): server.fake.journal.totalCount]
        for (_, fake) in server.instances.all { counts[ObjectIdentifier(fake)] = fake.journal.totalCount }
        return counts
    }

    /// The engine a request goes to: an existing instance's, else the server's.
    private static func engine(for request: EngineFuzzRequest, in server: PushFakeServer) -> (PushFake, Bool) {
        if let id = request.instance, let fake = server.instances.engine(id) { return (fake, true) }
        return (server.fake, false)
    }

    private static func checkJournal(
        before: [ObjectIdentifier: Int], after: [ObjectIdentifier: Int], request: EngineFuzzRequest,
        server: PushFakeServer
    ) throws(EngineFuzzViolation) {
        let (target, inInstance) = engine(for: request, in: server)
        // Under an unknown instance the path is not the admin API's: the server's engine journals it as unmatched.
        let journaled = request.route.kind == .vendor || (request.instance != nil && !inInstance)
        for (id, old) in before {
            guard let new = after[id] else { continue }  // an instance deleted by this request
            let expected = journaled && id == ObjectIdentifier(target) ? old + 1 : old
            let resetAllowed = request.route.adminID == "reset" && new == 0
            guard new == expected || resetAllowed else {
                throw .init("journal count", request.method, request.target, "before", old, "after", new)
            }
        }
        for (id, count) in after where before[id] == nil && count != 0 {
            throw .init("a new instance starts with journal entries", id, count)
        }
        if journaled, let last = target.journal.entries.last, last.sequence != target.journal.totalCount {
            throw .init("last journal entry is not the newest sequence", last.sequence, target.journal.totalCount)
        }
    }

    private static func checkAnswer(
        _ written: EngineFuzzConnection.Written, to request: EngineFuzzRequest, server: PushFakeServer
    ) throws(EngineFuzzViolation) {
        var bytes = written.bytes[...]
        guard !bytes.isEmpty else {
            // A long-poll the harness hung up on has no answer yet.
            if written.hungUp, request.route.adminID == "wait" { return }
            // Otherwise only a fault that drops the connection may leave a request unanswered.
            let (target, _) = engine(for: request, in: server)
            guard written.closed, request.route.kind == .vendor || request.instance != nil,
                let entry = target.journal.entries.last, entry.outcome != .responded
            else { throw .init("no answer", request.method, request.target, written.closed) }
            return
        }
        let isHead = request.method == "HEAD"
        var (response, rest) = try EngineFuzzResponse.read(bytes, headRequest: isHead)
        if response.status == 100 {
            guard request.expectsContinue else { throw .init("100 Continue not asked for", request.target) }
            bytes = rest
            (response, rest) = try EngineFuzzResponse.read(bytes, headRequest: isHead)
        }
        guard (200...599).contains(response.status) else { throw .init("final status", response.status) }
        guard response.reason == HTTP1Status.reasonPhrase(for: response.status) else {
            throw .init("reason phrase not the table's", response.status, response.reason)
        }
        try checkDate(response, to: request, server: server)
        guard rest.isEmpty else { throw .init("bytes after the answer", request.target, Array(rest.prefix(200))) }
        if response.chunked {
            // Only the events stream is chunked; its head is checked, then the harness hangs up (a HEAD request
            // gets the head alone).
            guard response.header("Content-Type")?.hasPrefix("text/event-stream") == true else {
                throw .init("chunked answer that is not an events stream", request.target)
            }
            guard written.hungUp || (isHead && response.body.isEmpty) else {
                throw .init("events stream neither streaming nor a bare head", request.method, request.target)
            }
            return
        }
        try checkBody(response, request: request, server: server)
    }

    /// One `Date`, an IMF-fixdate of the answering engine's clock (to within two seconds for a real clock).
    private static func checkDate(
        _ response: EngineFuzzResponse, to request: EngineFuzzRequest, server: PushFakeServer
    ) throws(EngineFuzzViolation) {
        let dates = response.headers.filter { $0.name.lowercased() == "date" }.map(\.value)
        guard dates.count == 1, let second = HTTP1Date.parse(dates[0]) else {
            throw .init("not exactly one IMF-fixdate Date", request.method, request.target, dates)
        }
        let (target, _) = engine(for: request, in: server)
        let answered = [target, server.fake].contains { engine in
            let now = engine.httpDate.secondsSince1970
            return engine.clockMode == .fixed ? now == second : abs(now - second) <= 2
        }
        guard answered else {
            throw .init("Date is no answering engine's clock", request.method, request.target, dates[0])
        }
    }

    private static func checkBody(
        _ response: EngineFuzzResponse, request: EngineFuzzRequest, server: PushFakeServer
    ) throws(EngineFuzzViolation) {
        if request.method == "HEAD" || response.status == 204 || response.status == 304 { return }
        let staticPage = ["getDashboard", "getDashboardAsset"].contains(request.route.adminID)
        if staticPage, response.status == 200 { return }
        if request.route.kind == .vendor || request.instance != nil, isMalformedByFault(request, server) { return }
        let type = response.header("Content-Type")?.lowercased() ?? ""
        if request.route.adminID == "getJournal", type.hasPrefix("application/x-ndjson") {
            for line in response.body.split(separator: 10) {
                do throws(JSONSyntaxError) {
                    _ = try JSON.parse(line)
                } catch {
                    throw .init("JSON Lines export line is not JSON", error.message, Array(line.prefix(200)))
                }
            }
            return
        }
        guard type.hasPrefix("application/json") else {
            throw .init("answer is not JSON", request.method, request.target, response.status, type)
        }
        do throws(JSONSyntaxError) {
            _ = try JSON.parse(response.body)
        } catch {
            throw .init("body is not JSON", request.target, error.message, Array(response.body.prefix(300)))
        }
    }

    /// Whether the request's answer was cut by a `malformedBody` fault (its journal entry says so).
    private static func isMalformedByFault(_ request: EngineFuzzRequest, _ server: PushFakeServer) -> Bool {
        let (target, _) = engine(for: request, in: server)
        guard let fault = target.journal.entries.last?.fault else { return false }
        return fault.fault.jsonValue["malformedBody"] != nil
    }
}

/// A violated property and the details to reproduce it.
struct EngineFuzzViolation: Error, CustomStringConvertible {
    let description: String
    init(_ what: String, _ details: Any...) {
        description = "invariant violated: \(what) \(details)"
    }
}
