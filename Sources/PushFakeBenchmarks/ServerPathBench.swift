import Dispatch
import Foundation
import PushFakeCore
import PushFakeHTTP

/// The server's whole request path without sockets: request bytes into a connection's ``ConnectionMachine`` (parse,
/// seam, admin API or engine, serialize into its output buffer), for the cases of scripts/bench's wrk runs.
/// Compared with `register` (the engine alone) it shows what the server adds around the engine.
///
/// The machine's peer is loopback, as wrk's is: the admin API answers loopback clients only, so without it health
/// would measure the 403 refusal. Each case's first answer must have the status wrk sees, or the bench stops.
enum ServerPathBench {
    /// - Parameter only: one case (`health`, `tpns`, `twinPush`, `badge`) instead of all four, for profiling.
    static func run(count: Int, only: String? = nil) {
        let server = PushFakeServer(fake: PushFake(PushFakeConfiguration(journalLimit: 100_000)))
        let health = [wire("GET", "/__pushfake/health", nil)]
        let tpns = (0..<1000).map { index in
            wire(
                "POST", "/TPNS/api/device/register",
                #"{"deviceId":"D\#(index)","deviceRegistrationId":"abcdef0123456789","applicationKey":"bench","#
                    + #""applicationType":"IOS"}"#)
        }
        let twinPush = (0..<1000).map { index in
            wire(
                "POST", "/api/v2/apps/benchapp/devices/register",
                #"{"udid":"U\#(index)","platform":"\#(index % 2 == 0 ? "ios" : "android")","push_token":"T\#(index)","#
                    + #""alias_device":"user\#(index)","app_version":"1.0","sdk_version":"4.0.0","os_version":"17.0","#
                    + #""language":"en_US"}"#)
        }
        var machine = ServerResponder(server: server).makeMachine(now: 0, peer: .loopback)
        let register = Array(#"{"udid":"BADGE","platform":"ios","push_token":"T"}"#.utf8)
        let device =
            server.fake.handle(
                FakeRequest(method: "POST", target: "/api/v2/apps/benchapp/devices/register", body: register)
            ).response.json?["objects"]?[0]?["id"]?.stringValue ?? "0"
        let badge = [wire("POST", "/api/v2/apps/benchapp/devices/\(device)/update_badge", #"{"badge":"0"}"#)]
        var results: [String] = []
        for (name, requests) in [("health", health), ("tpns", tpns), ("twinPush", twinPush), ("badge", badge)]
        where only == nil || only == name {
            let status = firstStatus(&machine, requests)
            guard status == 200 else {
                let answer = status.map { String($0) } ?? "missing"
                FileHandle.standardError.write(Data("error: server path: \(name) answered \(answer), not 200\n".utf8))
                exit(1)
            }
            results.append(#""\#(name)Micros":\#(measure(&machine, requests, count: count))"#)
        }
        print(#"{"bench":"server-path","requests":\#(count),\#(results.joined(separator: ","))}"#)
    }

    /// A request as wrk sends it.
    private static func wire(_ method: String, _ target: String, _ body: String?) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
        if let body {
            text += "Content-Type: application/json\r\nX-TwinPush-REST-API-Token: token\r\n"
            text += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            text += "\r\n"
        }
        return Array(text.utf8)
    }

    /// The status of the answer to a case's first request (`HTTP/1.1 200 OK` → 200), taken from the output buffer.
    private static func firstStatus(_ machine: inout ConnectionMachine<ServerResponder>, _ requests: [[UInt8]]) -> Int?
    {
        requests[0].withUnsafeBytes { machine.received($0, now: 0) }
        let status = machine.withPendingOutput { bytes -> Int? in
            // `HTTP/1.1 ` then three digits.
            guard bytes.count >= 12 else { return nil }
            return bytes[9..<12].reduce(0) { $0 &* 10 &+ Int($1) &- 0x30 }
        }
        machine.wrote(machine.pendingOutputCount, now: 0)
        return status
    }

    /// Microseconds per request, one request per read as on a keep-alive connection, output taken after each.
    private static func measure(
        _ machine: inout ConnectionMachine<ServerResponder>, _ requests: [[UInt8]], count: Int
    ) -> Double {
        func once(_ index: Int) {
            requests[index % requests.count].withUnsafeBytes { machine.received($0, now: 0) }
            machine.wrote(machine.pendingOutputCount, now: 0)
        }
        for index in 0..<requests.count { once(index) }
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count { once(index) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(max(1, count))
    }
}
