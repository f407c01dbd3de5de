import Dispatch
import PushFakeCore

/// The engine's cost per register under the same load as scripts/bench's wrk runs: 1,000 devices registering
/// again and again, bodies built like its Lua scripts, through ``PushFake/handle(_:)`` with no sockets.
enum RegisterBench {
    static func run(count: Int) {
        let tpns = (0..<1000).map { index in
            request(
                "/TPNS/api/device/register",
                #"{"deviceId":"D\#(index)","deviceRegistrationId":"abcdef0123456789","applicationKey":"bench","#
                    + #""applicationType":"IOS"}"#)
        }
        let twinPush = (0..<1000).map { index in
            request(
                "/api/v2/apps/benchapp/devices/register",
                #"{"udid":"U\#(index)","platform":"\#(index % 2 == 0 ? "ios" : "android")","push_token":"T\#(index)","#
                    + #""alias_device":"user\#(index)","app_version":"1.0","sdk_version":"4.0.0","os_version":"17.0","#
                    + #""language":"en_US"}"#)
        }
        let fake = PushFake(PushFakeConfiguration(journalLimit: 100_000))
        let tpnsMicros = measure(fake, tpns, count: count)
        let twinPushMicros = measure(fake, twinPush, count: count)
        print(
            #"{"bench":"register","requests":\#(count),"tpnsMicros":\#(tpnsMicros),"#
                + #""twinPushMicros":\#(twinPushMicros)}"#)
    }

    private static func request(_ target: String, _ body: String) -> FakeRequest {
        FakeRequest(
            method: "POST", target: target,
            headers: [
                "Host": "127.0.0.1:8080", "Content-Type": "application/json", "X-TwinPush-REST-API-Token": "token",
                "Content-Length": String(body.utf8.count),
            ],
            body: Array(body.utf8), transport: .http)
    }

    /// Microseconds per request over `count` requests (after one warm-up pass over the devices).
    private static func measure(_ fake: PushFake, _ requests: [FakeRequest], count: Int) -> Double {
        for request in requests { _ = fake.handle(request) }
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count { _ = fake.handle(requests[index % requests.count]) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(max(1, count))
    }
}
