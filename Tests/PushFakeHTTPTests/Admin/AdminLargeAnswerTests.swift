import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Admin answers built off the event loops (large) are byte for byte the answers built on them (small): status
/// line, headers (the `Date` of the engine's fixed clock), `Content-Length` and body, as `FakeResponse.serialized`
/// writes the engine's own values.
final class AdminLargeAnswerTests: ServerTestCase {
    /// `devices` TPNS devices, one send to them all (as many deliveries) and `registers` journaled registers.
    private func fill(devices: Int, registers: Int) throws {
        fake.reset()
        let list: [JSON] = (0..<devices).map { index in
            [
                "applicationKey": "K", "deviceId": .string("D\(index)"), "applicationType": "IOS",
                "deviceRegistrationId": .string("token\(index)"),
            ]
        }
        try fake.loadState(["vendors": ["tpns": ["devices": .array(list)]]])
        let send = #"[{"message":"hi","handlingLevel":1,"applicationKey":"K","applicationTypes":["IOS"]}]"#
        _ = fake.handle(FakeRequest(method: "POST", target: "/TPNS/api/pushnotifications", body: Array(send.utf8)))
        for index in 0..<registers {
            let body =
                #"{"deviceId":"R\#(index)","deviceRegistrationId":"ab","applicationKey":"K","applicationType":"IOS"}"#
            _ = fake.handle(FakeRequest(method: "POST", target: "/TPNS/api/device/register", body: Array(body.utf8)))
        }
    }

    /// The raw answer to `GET path` on a connection of its own.
    private func get(_ path: String) throws -> [UInt8] {
        let connection = try RawConnection(port: port, receiveTimeout: 30)
        connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return connection.readToEnd().bytes
    }

    private func expected(_ body: JSON) -> [UInt8] {
        FakeResponse.json(200, body).serialized(keepAlive: false, date: fake.httpDate)
    }

    func test_stateDevicesDeliveriesAndJournal_areTheSameBytes_smallOrLarge() throws {
        for (devices, registers) in [(3, 3), (3_000, 1_500)] {
            try fill(devices: devices, registers: registers)
            let label = "\(devices) devices"

            XCTAssertEqual(try get("/__pushfake/state"), expected(fake.stateSnapshot()), label)
            var byVendor = JSONObject()
            for (vendor, json) in fake.views(.devices) { byVendor[vendor.rawValue] = json }
            XCTAssertEqual(try get("/__pushfake/devices"), expected(.object(byVendor)), label)
            let deliveries = fake.deliveries
            XCTAssertEqual(
                try get("/__pushfake/deliveries"),
                expected(["deliveries": .array(deliveries.map(\.jsonValue)), "count": .int(deliveries.count)]), label)
            var lines = FakeResponse.json(200, bytes: Array(Journal.jsonLines(fake.journal.entries).utf8))
            lines.headers.replace(name: "Content-Type", value: "application/x-ndjson; charset=utf-8")
            XCTAssertEqual(
                try get("/__pushfake/journal?format=jsonl"), lines.serialized(keepAlive: false, date: fake.httpDate),
                label)
            XCTAssertEqual(RawResponse.parse(try get("/__pushfake/journal")).first?.status, 200, label)
        }
    }
}
