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
    /// (release): time to register them all, then one broadcast through the creator API over HTTP, and the time until
    /// every device received it and every reaction (opens after 1–20 s, then close_app) was sent; the fleet's memory
    /// per device (resident growth over the run).
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
            let sent = Date()
            let id = broadcast(address)
            _ = await fleet.waitUntilReceived(id, fraction: 1, within: 300)
            let received = Date()
            // The last reaction: an open at most 20 s after receipt, its session's close_app at most 60 s later;
            // "reacted" is the last open.
            var opened = 0
            var lastChange = Date()
            while Date().timeIntervalSince(lastChange) < 3, Date().timeIntervalSince(received) < 60 {
                try? await Task.sleep(nanoseconds: 200_000_000)
                let now = fleet.report().notifications.first?.opened ?? 0
                if now != opened { (opened, lastChange) = (now, Date()) }
            }
            figures.withLock {
                $0 = [
                    "register": registered.timeIntervalSince(start), "received": received.timeIntervalSince(sent),
                    "reacted": lastChange.timeIntervalSince(sent), "bytesPerDevice": Double(memory / max(count, 1)),
                ]
            }
            await fleet.stop()
            done.signal()
        }
        done.wait()
        let report = fleet.report()
        let notification = report.notifications.first
        let values = figures.withLock { $0 }
        print(
            #"{"benchmark":"fleet-live","devices":\#(count),"registerSeconds":\#(values["register"] ?? -1),"#
                + #""receivedSeconds":\#(values["received"] ?? -1),"reactedSeconds":\#(values["reacted"] ?? -1),"#
                + #""targeted":\#(notification?.targeted ?? 0),"received":\#(notification?.received ?? 0),"#
                + #""opened":\#(notification?.opened ?? 0),"requests":\#(report.requests),"#
                + #""errors":\#(report.errors.values.reduce(0, +)),"#
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
