import Dispatch
import Foundation
import PushFakeCore

/// What a registered TwinPush device costs the store: N distinct devices registered through ``PushFake/handle(_:)``
/// with the journal bounded to one entry (so only the store grows), resident memory before and after. Then every
/// device registers twice more with a new token: the second round's first register finds more dead bytes than live
/// ones in the store's text pool and compacts it, so the longest of those registers is the pool's compaction pause.
enum DevicesBench {
    static func run(count: Int) {
        let fake = PushFake(PushFakeConfiguration(journalLimit: 1))
        let headers: HTTPHeaders = [
            "Host": "127.0.0.1:8080", "Content-Type": "application/json", "X-TwinPush-REST-API-Token": "token",
        ]
        _ = fake.handle(request(0, headers))
        let before = ResidentMemory.currentBytes()
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 1...max(1, count) { _ = fake.handle(request(index, headers)) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let after = ResidentMemory.currentBytes()
        var longest: UInt64 = 0
        let rewriteStart = DispatchTime.now().uptimeNanoseconds
        for tokenPrefix in ["cd", "ef"] {
            for index in 1...max(1, count) {
                let begin = DispatchTime.now().uptimeNanoseconds
                _ = fake.handle(request(index, headers, tokenPrefix: tokenPrefix))
                longest = max(longest, DispatchTime.now().uptimeNanoseconds - begin)
            }
        }
        let rewriteSeconds = Double(DispatchTime.now().uptimeNanoseconds - rewriteStart) / 1e9
        print(
            #"{"bench":"devices","devices":\#(count),"microsPerRegister":\#(seconds / Double(max(1, count)) * 1e6),"#
                + #""residentMegabytes":\#(after / 1_048_576),"#
                + #""bytesPerDevice":\#((after - before) / max(1, count)),"#
                + #""rewriteMicrosPerRegister":\#(rewriteSeconds / Double(2 * max(1, count)) * 1e6),"#
                + #""longestRewriteMilliseconds":\#(Double(longest) / 1e6),"#
                + #""residentMegabytesAfterRewrites":\#(ResidentMemory.currentBytes() / 1_048_576)}"#)
    }

    /// A register shaped like scripts/bench's TwinPush load, with a distinct udid, alias and 64-digit APNs token.
    private static func request(_ index: Int, _ headers: HTTPHeaders, tokenPrefix: String = "ab") -> FakeRequest {
        let platform = index % 2 == 0 ? "ios" : "android"
        let token = String(repeating: tokenPrefix, count: 22) + BenchText.zeroPadded(index, width: 20)
        let body =
            #"{"udid":"U\#(index)","platform":"\#(platform)","push_token":"\#(token)","alias_device":"user\#(index)","#
            + #""app_version":"1.0","sdk_version":"4.0.0","os_version":"17.0","language":"en_US"}"#
        return FakeRequest(
            method: "POST", target: "/api/v2/apps/benchapp/devices/register", headers: headers, body: Array(body.utf8))
    }
}
