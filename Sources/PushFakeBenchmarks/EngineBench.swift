import Dispatch
import Foundation
import PushFakeCore

/// The engine's cost, without sockets: TPNS registers, fan-out, TwinPush registers and broadcast.
enum EngineBench {
    private static func registerRequest(_ index: Int, appKey: String = "bench") -> FakeRequest {
        let body =
            #"{"deviceId":"D\#(index)","deviceRegistrationId":"abcdef0123456789","applicationKey":"\#(appKey)","#
            + #""applicationType":"IOS"}"#
        return FakeRequest(
            method: "POST", target: "/TPNS/api/device/register",
            headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json", "Content-Length": "120"],
            body: Array(body.utf8), transport: .http)
    }

    static func engine(count: Int) {
        let fake = PushFake(PushFakeConfiguration(journalLimit: 10_000))
        let requests = (0..<1000).map { registerRequest($0) }
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count { _ = fake.handle(requests[index % requests.count]) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(
            #"{"bench":"engine","requests":\#(count),"seconds":\#(elapsed),"#
                + #""microsPerRequest":\#(elapsed / Double(count) * 1e6)}"#
        )
    }

    /// The engine cost of a TwinPush register: requests built up front, 1,000 devices registered again and again.
    static func twinPushRegister(count: Int) {
        let fake = PushFake(PushFakeConfiguration(journalLimit: 10_000))
        let headers: HTTPHeaders = [
            "Host": "127.0.0.1:8080", "Content-Type": "application/json", "X-TwinPush-REST-API-Token": "token",
        ]
        let requests = (0..<1000).map { index in
            let body =
                #"{"udid":"U\#(index)","platform":"ios","push_token":"T\#(index)","alias_device":"user\#(index)","#
                + #""app_version":"1.0","sdk_version":"4.0.0","os_version":"17.0","language":"en_US","#
                + #""device_code":"iPhone15,2","device_model":"iPhone","device_manufacturer":"Apple","os_name":"iOS"}"#
            return FakeRequest(
                method: "POST", target: "/api/v2/apps/benchapp/devices/register", headers: headers,
                body: Array(body.utf8), transport: .http)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count { _ = fake.handle(requests[index % requests.count]) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(
            #"{"bench":"twinpush-register","requests":\#(count),"seconds":\#(elapsed),"#
                + #""microsPerRequest":\#(elapsed / Double(count) * 1e6)}"#
        )
    }

    static func fanout(count: Int) {
        let limit = ProcessInfo.processInfo.environment["PUSHFAKE_BENCH_JOURNAL_LIMIT"].flatMap { Int($0) }
        let fake = PushFake(PushFakeConfiguration(journalLimit: limit))
        for index in 0..<count { _ = fake.handle(registerRequest(index)) }
        let body = #"[{"message":"Hello","handlingLevel":1,"applicationKey":"bench","applicationTypes":["IOS"]}]"#
        let send = FakeRequest(method: "POST", target: "/TPNS/api/pushnotifications", body: Array(body.utf8))
        let residentBefore = ResidentMemory.currentBytes()
        let start = DispatchTime.now().uptimeNanoseconds
        let exchange = fake.handle(send)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let delivered = fake.deliveries.count
        print(
            #"{"bench":"fanout","devices":\#(count),"status":\#(exchange.response.status),"deliveries":\#(delivered),"#
                + #""seconds":\#(elapsed),"residentBeforeSendMegabytes":\#(residentBefore / 1_048_576),"#
                + #""residentMegabytes":\#(ResidentMemory.currentMegabytes()),"#
                + #""peakResidentMegabytes":\#(ResidentMemory.peakBytes() / 1_048_576)}"#)
    }

    static func twinPush(count: Int) {
        let fake = PushFake()
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-TwinPush-REST-API-Token": "token"]
        let registerStart = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count {
            let platform = index % 2 == 0 ? "ios" : "android"
            // Hexadecimal, as APNs tokens are: a token APNs would refuse fails its delivery (DeliveryChecks.md).
            let token = "ab" + BenchText.zeroPadded(index, width: 10)
            let body =
                #"{"udid":"U\#(index)","platform":"\#(platform)","push_token":"\#(token)","alias_device":"user\#(index)","#
                + #""app_version":"1.0","sdk_version":"4.0.0","os_version":"17.0","language":"en_US"}"#
            _ = fake.handle(
                FakeRequest(
                    method: "POST", target: "/api/v2/apps/benchapp/devices/register", headers: headers,
                    body: Array(body.utf8)))
        }
        let registerSeconds = Double(DispatchTime.now().uptimeNanoseconds - registerStart) / 1e9
        let create = #"{"broadcast":true,"alert":"Hello","title":"Bench","inbox":true,"custom_properties":{"k":"v"}}"#
        let start = DispatchTime.now().uptimeNanoseconds
        let exchange = fake.handle(
            FakeRequest(method: "POST", target: "/api/v2/apps/benchapp/notifications", body: Array(create.utf8)))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(
            #"{"bench":"twinpush","devices":\#(count),"microsPerRegister":\#(registerSeconds / Double(count) * 1e6),"#
                + #""status":\#(exchange.response.status),"deliveries":\#(fake.deliveries.count),"#
                + #""broadcastSeconds":\#(seconds),"residentMegabytes":\#(ResidentMemory.currentMegabytes())}"#)
    }
}
