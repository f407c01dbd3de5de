import Foundation
import PushFakeCore
import PushFakeFleet
import PushFakeHTTP

/// `fleet-virtual`: a fleet of N devices (the issue's mix) against an engine with a fixed clock, in virtual time:
/// registration, one broadcast through the creator API, a 10-minute open window, the apps closed.
enum FleetBench {
    static func virtual(count: Int) {
        let fake = PushFake(PushFakeConfiguration(seed: 1))
        let baseline = ResidentMemory.currentBytes()
        let mix = FleetMix([.twinpushIOS: 60, .twinpushAndroid: 35, .tpnsIOS: 5])
        let fleet = DeviceFleet(FleetConfiguration(devices: count, mix: mix, seed: 1))
        let fleetBytes = ResidentMemory.currentBytes() - baseline
        let done = DispatchSemaphore(value: 0)
        let times = Locked<[Double]>([])
        Task {
            let start = Date()
            try await fleet.start(against: fake)
            // The launch sessions end first: an iOS app still in the foreground would open the push at once.
            await fleet.run(for: 120)
            let registered = Date()
            let body: JSON = ["broadcast": true, "alert": "Sale!"]
            let exchange = fake.handle(
                FakeRequest(
                    method: "POST", path: "/api/v2/apps/fleetapp/notifications",
                    headers: ["X-TwinPush-REST-API-Key-Creator": "c"], body: body.serialized()))
            let id = (try? JSON.parse(exchange.response.body))?["objects"]?[0]?["id"]?.stringValue ?? ""
            _ = await fleet.waitUntilReceived(id, fraction: 1)
            await fleet.run(for: 600)
            await fleet.stop()
            let end = Date()
            times.withLock {
                $0 = [
                    registered.timeIntervalSince(start), end.timeIntervalSince(registered),
                    end.timeIntervalSince(start),
                ]
            }
            done.signal()
        }
        done.wait()
        let report = fleet.report()
        let notification = report.notifications.first
        let (register, campaign, total) = times.withLock { ($0[0], $0[1], $0[2]) }
        print(
            #"{"benchmark":"fleet-virtual","devices":\#(count),"registerSeconds":\#(register),"#
                + #""campaignSeconds":\#(campaign),"totalSeconds":\#(total),"requests":\#(report.requests),"#
                + #""received":\#(notification?.received ?? 0),"opened":\#(notification?.opened ?? 0),"#
                + #""fleetBytesPerDeviceBeforeStart":\#(count > 0 ? fleetBytes / count : 0),"#
                + #""residentMegabytes":\#(ResidentMemory.currentMegabytes())}"#)
    }
}

extension FleetBench {
    /// `fleet-live --url URL`: a fleet of N devices in this process against a separate `pushfake serve --clock real`
    /// (release), each phase timed from the broadcast: registration (from the start), the creator API's answer to
    /// one broadcast, every delivery heard by the fleet (the sync point), every one received, every reaction sent
    /// (opens after 1–20 s); the fleet's memory per device (resident growth over registration).
    static func live(count: Int, url: String) {
        guard let address = URL(string: url).flatMap(FleetServer.init(url:)) else {
            print(#"{"benchmark":"fleet-live","error":"--url must be http://host:port"}"#)
            return
        }
        let baseline = ResidentMemory.currentBytes()
        let mix = FleetMix([.twinpushIOS: 60, .twinpushAndroid: 35, .tpnsIOS: 5])
        let fleet = DeviceFleet(FleetConfiguration(devices: count, mix: mix, seed: 1))
        let done = DispatchSemaphore(value: 0)
        let figures = Locked<[String: Double]>([:])
        Task {
            let start = Date()
            do {
                try await fleet.start(against: address, threads: 8)
            } catch {
                done.signal()
                return
            }
            let registered = Date()
            let memory = ResidentMemory.currentBytes() - baseline
            // A phase that does not complete within its bound is reported as -1.
            func since(_ date: Date, _ ok: Bool) -> Double { ok ? Date().timeIntervalSince(date) : -1 }
            let sent = Date()
            let id = broadcast(address)
            var phases = ["register": registered.timeIntervalSince(start), "broadcast": since(sent, !id.isEmpty)]
            phases["delivered"] = since(sent, await fleet.waitUntilDelivered(within: 300))
            phases["received"] = since(sent, await fleet.waitUntilReceived(id, fraction: 1, within: 300))
            phases["reacted"] = since(sent, await fleet.waitUntilReacted(id, within: 300))
            phases["bytesPerDevice"] = Double(memory / max(count, 1))
            figures.withLock { $0 = phases }
            await fleet.stop()
            done.signal()
        }
        done.wait()
        let report = fleet.report()
        let notification = report.notifications.first
        let values = figures.withLock { $0 }
        func seconds(_ name: String) -> String { String(format: "%.2f", values[name] ?? -1) }
        print(
            #"{"benchmark":"fleet-live","devices":\#(count),"registerSeconds":\#(seconds("register")),"#
                + #""broadcastAnsweredSeconds":\#(seconds("broadcast")),"#
                + #""deliveredSeconds":\#(seconds("delivered")),"receivedSeconds":\#(seconds("received")),"#
                + #""reactedSeconds":\#(seconds("reacted")),"#
                + #""targeted":\#(notification?.targeted ?? 0),"received":\#(notification?.received ?? 0),"#
                + #""opened":\#(notification?.opened ?? 0),"requests":\#(report.requests),"#
                + #""errors":\#(JSON.object(JSONObject(report.errors.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .int($0.value)) })).serializedString()),"#
                + #""fleetBytesPerDevice":\#(Int(values["bytesPerDevice"] ?? -1)),"#
                + #""residentMegabytes":\#(ResidentMemory.currentMegabytes())}"#)
    }

    /// `POST /api/v2/apps/fleetapp/notifications {"broadcast":true}` with the creator token; the notification id.
    private static func broadcast(_ server: FleetServer) -> String {
        guard let client = try? LoopbackHTTPClient(host: server.host, port: server.port, receiveTimeout: 120) else {
            return ""
        }
        let answer = client.request(
            "POST", server.prefix + "/api/v2/apps/fleetapp/notifications", body: #"{"broadcast":true,"alert":"Sale!"}"#,
            headers: [("X-TwinPush-REST-API-Key-Creator", "creator")])
        return answer?.json?["objects"]?[0]?["id"]?.stringValue ?? ""
    }
}
