import Foundation
import PushFakeCore
import PushFakeFleet

/// A fixed-clock engine and the creator-API send a backend makes: what the fleet tests share.
enum FleetTestSupport {
    static let app = FleetApp(appID: "fleetapp", apiKey: "fleetkey")

    static func engine(seed: UInt64 = 7) -> PushFake {
        PushFake(PushFakeConfiguration(seed: seed))
    }

    /// `POST /api/v2/apps/{app}/notifications` with the creator token: a broadcast (or `body`); returns the id.
    static func sendCampaign(_ fake: PushFake, body: JSON = ["broadcast": true, "alert": "Sale!"]) -> String? {
        let exchange = fake.handle(
            FakeRequest(
                method: "POST", path: "/api/v2/apps/\(app.appID)/notifications",
                headers: ["X-TwinPush-REST-API-Key-Creator": "creator", "Content-Type": "application/json"],
                body: body.serialized()))
        let json = try? JSON.parse(exchange.response.body)
        return json?["objects"]?[0]?["id"]?.stringValue
    }

    /// `METHOD path` of every journal entry, in order.
    static func requests(_ fake: PushFake) -> [String] {
        fake.journal.entries.map { "\($0.request.method) \($0.request.path)" }
    }

    /// A fleet of `devices` of one mix.
    static func fleet(
        devices: Int, mix: FleetMix, policy: FleetPolicySet = FleetPolicySet(), seed: UInt64 = 42,
        shard: FleetShard = .whole
    ) -> DeviceFleet {
        DeviceFleet(FleetConfiguration(devices: devices, mix: mix, policy: policy, seed: seed, shard: shard, app: app))
    }
}
