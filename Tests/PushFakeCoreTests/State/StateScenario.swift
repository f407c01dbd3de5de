import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A rich TPNS + TwinPush state, and traffic that continues from it, for the state document tests.
enum StateScenario {
    static let configuration = PushFakeConfiguration(seed: 11, stateChecks: true, tpnsApps: ["FLAGKEY"])

    /// Devices with aliases, properties, badges and a location; inbox items received and opened; sent, scheduled,
    /// deleted and oversized notifications; TPNS devices and sends; faults with counters; a moved clock.
    static func build() -> PushFake {
        let fake = PushFake(configuration)
        let client = TwinPushTestClient(fake: fake)
        // TPNS: an undeclared key is refused, the declared one works
        fake.tpnsRegister(deviceId: "T1", token: "aa", appKey: "FLAGKEY", type: "IOS")
        fake.tpnsRegister(deviceId: "T2", token: nil, appKey: "FLAGKEY", type: "AOS")
        fake.tpnsRegister(deviceId: "T3", token: "cc", appKey: "FLAGKEY", type: "IOS_SAND")
        fake.tpnsUnregister(deviceId: "T3", appKey: "FLAGKEY")
        fake.send(
            "POST", "/TPNS/api/pushnotifications",
            json: #"[{"message":"Hi","handlingLevel":2,"applicationKey":"FLAGKEY","applicationTypes":["IOS","AOS"],"#
                + #""deviceIds":["T1","T2","nobody"]},{"message":"All","handlingLevel":1,"applicationKey":"FLAGKEY","#
                + #""applicationTypes":["IOS_SAND"]}]"#)
        // TwinPush: devices
        let ana = client.registerIOS(udid: "U-ANA", alias: "ana")
        let bob = client.registerAndroid(udid: "U-BOB", alias: "bob")
        let tokenless = client.registerIOS(udid: "U-NONE", alias: "ana", token: nil)
        let huawei = client.registerAndroid(udid: "U-HW", platform: "huawei")
        client.send(
            "POST", client.devicePath(bob, "/set_custom_property"), #"{"name":"tier","type":"enum","value":"gold"}"#)
        client.send(
            "POST", client.devicePath(bob, "/set_custom_property"), #"{"name":"age","type":"integer","value":41}"#)
        client.send(
            "POST", client.devicePath(ana, "/report_statistics"), #"{"device":{"latitude":40.4,"longitude":-3.7}}"#)
        client.send("POST", client.devicePath(ana, "/update_badge"), #"{"badge":"7"}"#)
        client.send("POST", client.devicePath(ana, "/open_app"), "{}")
        // notifications
        let inbox = client.notify(
            #"{"alert":"Order","title":"Shop","devices_aliases":["ana","bob"],"inbox":true,"custom_properties":{"order":42}}"#
        )
        _ = client.notify(#"{"alert":"Gold","target_properties":{"tier":["gold"]},"badge":"+2","tags":["vip"]}"#)
        _ = client.notify(
            #"{"multiple_devices":{"\#(ana)":{"alert":"For Ana","badge":"5"},"\#(huawei)":{"alert":"For HW","custom_properties":{"x":"1"}}},"url":"https://x.example"}"#
        )
        let deleted = client.notify(#"{"alert":"Gone","broadcast":true}"#)
        client.create(
            #"{"alert":"Later","devices_ids":["\#(bob)","\#(tokenless)"],"send_since":"2026-01-01 00:20:00 UTC","inbox":true}"#
        )
        client.create(#"{"alert":"Later too","broadcast":true,"send_since":"2026-01-01 01:00:00 UTC"}"#)
        _ = client.notify(
            #"{"alert":"\#(String(repeating: "é", count: 250))","devices_ids":["\#(ana)"],"sound":"\#(String(repeating: "p", count: 4000))"}"#
        )
        client.send(
            "DELETE", client.path("/notifications/\(deleted)"), headers: ["X-TwinPush-REST-API-Key-Creator": "c"])
        client.send("POST", client.devicePath(ana, "/notifications/\(inbox)/received_notification"), "{}")
        client.send("POST", client.devicePath(bob, "/notifications/\(inbox)/open_notification"), "{}")
        client.send("DELETE", client.devicePath(ana, "/notifications/\(inbox)"))
        // faults with counters; a probabilistic one has drawn from the generator
        fake.inject(.status(503), when: .twinPush(.getBadge), scope: .after(1, times: 2))
        fake.inject(.delay(0.5), when: .tpns(.register).header("X-Env", equals: "ci"), scope: .probability(0.5))
        fake.inject(.twinPushError(.invalidToken, message: "nope"), when: .twinPush(.openApp), scope: .always)
        for _ in 0..<2 { client.send("GET", client.devicePath(ana, "/badge")) }
        for index in 0..<4 {
            fake.send(
                "POST", "/TPNS/api/device/register",
                json: #"{"deviceId":"P\#(index)","applicationKey":"FLAGKEY","applicationType":"AOS"}"#,
                headers: ["X-Env": "ci"])
        }
        fake.removeFault(id: "fault-3")
        fake.advanceClock(by: 1800.25)
        return fake
    }

    /// Traffic after the dump: new ids of every kind, the scheduled send falling due, fault rules consumed.
    static func continueTraffic(_ fake: PushFake) -> [String] {
        let client = TwinPushTestClient(fake: fake)
        var answers: [String] = []
        func note(_ reply: TwinPushReply) { answers.append("\(reply.status) \(reply.text)") }
        func note(_ exchange: Exchange) { answers.append("\(exchange.response.status) \(exchange.bodyText)") }
        note(
            client.send(
                "POST", client.path("/devices/register"),
                #"{"udid":"U-NEW","platform":"ios","push_token":"t","alias_device":"ana"}"#))
        note(client.create(#"{"alert":"After","devices_aliases":["ana"],"inbox":true}"#))
        let ana = fake.twinPushDevices(app: TwinPushTestClient.app)[0].id
        note(client.send("GET", client.devicePath(ana, "/badge")))
        note(client.send("GET", client.devicePath(ana, "/badge")))
        note(client.send("GET", client.devicePath(ana, "/inbox")))
        for index in 0..<6 {
            note(
                fake.send(
                    "POST", "/TPNS/api/device/register",
                    json: #"{"deviceId":"Q\#(index)","applicationKey":"FLAGKEY","applicationType":"IOS"}"#,
                    headers: ["X-Env": "ci"]))
        }
        note(
            fake.send(
                "POST", "/TPNS/api/pushnotifications",
                json: #"[{"message":"Again","handlingLevel":3,"applicationKey":"FLAGKEY","applicationTypes":["IOS"]}]"#)
        )
        _ = fake.advanceClock(by: 3600)
        answers.append(fake.inject(.dropConnection, when: .tpns(.unregister)))
        answers += fake.deliveries.map(\.id)
        return answers
    }
}
