import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delivery checks' problems (DeliveryChecks.md) in the admin API, state documents, the events stream and the
/// OpenAPI document.
final class DeliveryProblemsAdminTests: ServerTestCase {
    private static let badIOS =
        #"{"deviceId":"BAD","deviceRegistrationId":"token-1","applicationKey":"testApp","applicationType":"IOS"}"#
    private static let send =
        #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"]}]"#

    private func sendToAGoodAndABadDevice() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.badIOS)
        let sent = try await request("POST", "/TPNS/api/pushnotifications", json: Self.send)
        XCTAssertEqual(sent.body?["results"]?[0]?["failedDeviceIds"], ["BAD"])
    }

    func test_deliveries_listTheProblemsWithTheReason_whenAPushIsRefused() async throws {
        try await sendToAGoodAndABadDevice()
        let answer = try await request("GET", "/__pushfake/deliveries")
        let deliveries = try XCTUnwrap(answer.body?["deliveries"]?.arrayValue)
        XCTAssertEqual(deliveries.map { $0["status"] }, ["delivered", "failed"])
        XCTAssertNil(deliveries[0]["problems"], "a valid delivery's JSON has no problems member")
        XCTAssertEqual(deliveries[1]["reason"], "BadDeviceToken")
        XCTAssertEqual(
            deliveries[1]["problems"],
            [
                [
                    "severity": "rejected", "code": "BadDeviceToken", "message": "the device token is not hexadecimal",
                    "limit": "hexadecimal digits, two per byte", "measured": #""token-1""#,
                ]
            ])
    }

    func test_state_roundTripsTheProblems_onAnotherServer() async throws {
        try await sendToAGoodAndABadDevice()
        let dump = try await request("GET", "/__pushfake/state")
        let text = try XCTUnwrap(dump.body).serializedString()
        XCTAssertTrue(text.contains(#""problems":[{"severity":"rejected","code":"BadDeviceToken""#), text)
        let other = PushFakeServer()
        try other.start()
        defer { other.stop() }
        let client = try LoopbackHTTPClient(port: other.port)
        XCTAssertEqual(client.request("PUT", "/__pushfake/state", body: text)?.status, 200)
        XCTAssertEqual(
            client.request("GET", "/__pushfake/state").map { String(decoding: $0.body, as: UTF8.self) }, text)
        XCTAssertEqual(other.fake.deliveries, fake.deliveries)
    }

    func test_events_carryTheDeliverysProblems_andTheEntrysNote() throws {
        // GIVEN a subscriber
        let stream = try LoopbackHTTPClient(port: port, receiveTimeout: 10)
        stream.send("GET /__pushfake/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertEqual(stream.readHead()?.status, 200)
        // Its start is fixed with its head (FakeBehaviour.md, "The events stream"); its first event opens it.
        var text = ""
        while !text.contains("retry: 2000\n"), let chunk = stream.readChunk(), !chunk.isEmpty {
            text += String(decoding: chunk, as: UTF8.self)
        }
        // WHEN a push goes to a device whose token APNs refuses
        let sender = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(sender.request("POST", "/TPNS/api/device/register", body: Self.badIOS)?.status, 200)
        XCTAssertEqual(sender.request("POST", "/TPNS/api/pushnotifications", body: Self.send)?.status, 200)
        // THEN the send's entry notes the problem and the delivery event carries it
        while !text.contains("event: delivery\n") || !text.hasSuffix("\n\n"), let chunk = stream.readChunk(),
            !chunk.isEmpty
        {
            text += String(decoding: chunk, as: UTF8.self)
        }
        let events = text.components(separatedBy: "\n\n")
        let entry = try XCTUnwrap(events.first { $0.contains(":2\nevent: entry\n") })
        XCTAssertTrue(entry.contains(#"(ios): rejected BadDeviceToken: the device token is not hexadecimal"#), entry)
        let delivery = try XCTUnwrap(events.first { $0.hasPrefix("event: delivery\n") })
        let data = try JSON.parse(String(delivery.dropFirst("event: delivery\ndata: ".count)))
        XCTAssertEqual(data["status"], "failed")
        XCTAssertEqual(data["problems"]?[0]?["code"], "BadDeviceToken")
    }

    func test_openAPI_describesTheProblemsOfADelivery() async throws {
        let document = try await request("GET", "/__pushfake/openapi.json")
        let schemas = try XCTUnwrap(document.body?["components"]?["schemas"])
        XCTAssertEqual(
            schemas["Delivery"]?["properties"]?["problems"],
            ["type": "array", "items": ["$ref": "#/components/schemas/DeliveryProblem"]])
        XCTAssertEqual(schemas["DeliveryProblem"]?["properties"]?["severity"]?["enum"], ["rejected", "warning"])
        XCTAssertEqual(
            schemas["DeliveryProblem"]?["required"], ["severity", "code", "message", "limit", "measured"])
    }
}
