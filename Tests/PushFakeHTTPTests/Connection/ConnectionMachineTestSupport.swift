import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// Answers each request with its target as the body, unless a reply is scripted for that target; records what it
/// was asked.
final class ScriptedResponder: ConnectionResponder {
    var replies: [String: ServerReply] = [:]
    private(set) var requests: [HTTP1Request] = []
    private(set) var rejections: [(rejection: ConnectionRejection, bytes: [UInt8])] = []

    var targets: [String] { requests.map(\.target) }

    func reply(to request: consuming HTTP1Request) -> (reply: ServerReply, date: AnswerDate) {
        let target = request.target
        requests.append(request)
        return (replies[target] ?? .response(FakeResponse(status: 200, body: Array(target.utf8))), .none)
    }

    func reject(_ rejection: ConnectionRejection, bytes: [UInt8]) -> (response: FakeResponse, date: AnswerDate) {
        rejections.append((rejection, bytes))
        switch rejection {
        case .malformed(let error): return (.rejection(status: error.status, reason: error.reason), .none)
        case .timedOut: return (.rejection(status: 408, reason: "too slow"), .none)
        }
    }
}

/// Records wake-ups from other threads.
final class CountingWaker: ConnectionWaker {
    private let count = Locked(0)
    var wakes: Int { count.withLock { $0 } }
    func wake() { count.withLock { $0 += 1 } }
}

/// A machine with synthetic time, like SwiftNIO's EmbeddedChannel: feed bytes and ticks, read what it wrote.
struct MachineHarness {
    static let second: UInt64 = 1_000_000_000
    let responder = ScriptedResponder()
    var machine: ConnectionMachine<ScriptedResponder>
    /// Starts at 100 s, so deadlines in the past are representable.
    var now: UInt64 = 100 * second

    init(
        idleTimeout: Double = 60, requestTimeout: Double = 15, outputHighWater: Int = 256 * 1024,
        inputLimitWhileBusy: Int = 64 * 1024, limits: HTTP1Parser.Limits = HTTP1Parser.Limits()
    ) {
        var configuration = ConnectionMachine<ScriptedResponder>.Configuration(
            limits: limits, idleTimeout: Nanoseconds.from(seconds: idleTimeout),
            requestTimeout: Nanoseconds.from(seconds: requestTimeout))
        configuration.outputHighWater = outputHighWater
        configuration.inputLimitWhileBusy = inputLimitWhileBusy
        machine = ConnectionMachine(configuration: configuration, responder: responder, now: now)
    }

    mutating func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    mutating func feed(_ bytes: [UInt8]) {
        let now = self.now
        bytes.withUnsafeBytes { machine.received($0, now: now) }
    }

    /// Everything the machine queued, as the driver would write it (then reported written).
    mutating func written() -> String {
        let bytes = machine.withPendingOutput { Array($0) }
        if !bytes.isEmpty { machine.wrote(bytes.count, now: now) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Moves the clock and ticks, as a driver does at the machine's deadline.
    mutating func advance(by seconds: Double) {
        now += Nanoseconds.from(seconds: seconds)
        machine.tick(now: now)
    }

    mutating func external(_ event: ExternalEvent) {
        machine.external(event, now: now)
    }

    var isClosed: Bool { machine.isClosed }
}

/// The bytes of the answer `ScriptedResponder` gives by default: the target as the body.
func echo(_ target: String, close: Bool = false) -> String {
    "HTTP/1.1 200 OK\r\nContent-Length: \(target.utf8.count)\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n"
        + target
}

func get(_ target: String, _ extra: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: x\r\n\(extra)\r\n"
}

func post(_ target: String, _ body: String) -> String {
    "POST \(target) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
}
