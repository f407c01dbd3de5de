import Foundation
import PushFakeCore
import PushFakeFleet

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
