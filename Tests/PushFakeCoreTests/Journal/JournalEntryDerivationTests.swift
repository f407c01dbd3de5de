import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// An entry keeps its request and response as bytes and rebuilds them on read: what it gives back must be what it
/// was given, field for field.
final class JournalEntryDerivationTests: XCTestCase {
    private let time = Date(timeIntervalSince1970: 1_767_225_600.125)

    private func entry(
        request: FakeRequest, route: RouteMatch? = nil, vendor: Vendor? = nil, app: String? = nil,
        device: String? = nil, fault: AppliedFault? = nil, response: FakeResponse = .json(200, bytes: Array("{}".utf8)),
        outcome: JournalEntry.Outcome = .responded, delay: Double = 0, deliveryIDs: [String] = [],
        notes: [String] = []
    ) -> JournalEntry {
        JournalEntry(
            sequence: 42, time: time, request: request, route: route, vendor: vendor, app: app, device: device,
            fault: fault, response: response, outcome: outcome, delay: delay, deliveryIDs: deliveryIDs, notes: notes)
    }

    func test_request_isWhatWasGiven_withHeadersInOrderAndRepeated() {
        var headers: HTTPHeaders = ["Host": "127.0.0.1:8080", "Content-Type": "application/json"]
        headers.add(name: "X-Tag", value: "one")
        headers.add(name: "x-tag", value: "two")
        headers.add(name: "X-Empty", value: "")
        headers.add(name: "X-Long", value: String(repeating: "é", count: 200))
        let request = FakeRequest(
            method: "POST", path: "/TPNS/api/device/%7Bx%7D", query: "a=1&tags%5B%5D=2", headers: headers,
            body: Array(#"{"deviceId":"D1"}"#.utf8), transport: .http)
        let entry = entry(request: request)
        XCTAssertEqual(entry.request, request)
        XCTAssertEqual(entry.request.headers.values(for: "x-tag"), ["one", "two"])
        XCTAssertEqual(entry.body, ["deviceId": "D1"])
    }

    func test_request_keepsBinaryBodyAndTransportFlags_whenGiven() {
        let bytes: [UInt8] = [0xFF, 0x00, 0xC3, 0x28] + Array(repeating: 7, count: 300)
        for transport in [FakeRequest.Transport.http, .urlProtocol, .direct] {
            for available in [true, false] {
                let request = FakeRequest(
                    method: "", path: "", body: available ? bytes : [], bodyAvailable: available,
                    transport: transport)
                let entry = entry(request: request)
                XCTAssertEqual(entry.request, request)
                XCTAssertEqual(entry.request.transport, transport)
                XCTAssertNil(entry.body)
            }
        }
    }

    func test_response_isWhatWasGiven_withStandardOrOwnHeaders() {
        let standard = FakeResponse.json(201, ["ok": true])
        XCTAssertEqual(entry(request: FakeRequest(method: "GET", path: "/")).response, standard.with(status: 200))
        XCTAssertEqual(entry(request: FakeRequest(method: "GET", path: "/"), response: standard).response, standard)
        let own = FakeResponse(status: 418, headers: ["Content-Type": "text/plain", "Retry-After": "1"], body: [0xFF])
        let teapot = entry(request: FakeRequest(method: "GET", path: "/"), response: own)
        XCTAssertEqual(teapot.response, own)
        XCTAssertEqual(teapot.status, 418)
        XCTAssertNil(teapot.responseBody)
        let empty = FakeResponse(status: 0)
        XCTAssertEqual(entry(request: FakeRequest(method: "GET", path: "/"), response: empty).response, empty)
    }

    func test_status_survives_whenBeyond32Bits() {
        for status in [Int.max, Int.min, 5_000_000_000, -1] {
            let response = FakeResponse(status: status)
            let entry = entry(request: FakeRequest(method: "GET", path: "/"), response: response)
            XCTAssertEqual(entry.status, status)
            XCTAssertEqual(entry.response, response)
        }
    }

    func test_routeAndSubject_areWhatWasGiven_whenMatched() {
        let route = RouteMatch(
            vendor: .tpns, operation: .unregister, parameters: ["deviceId": "D 1", "appKey": "k/é", "z": ""],
            template: "/TPNS/api/application/{appKey}/device/{deviceId}/unregister")
        let entry = entry(
            request: FakeRequest(method: "PUT", path: "/x"), route: route, vendor: .tpns, app: "k/é", device: "")
        XCTAssertEqual(entry.route, route)
        XCTAssertEqual(entry.operation, .unregister)
        XCTAssertEqual(entry.vendor, .tpns)
        XCTAssertEqual(entry.app, "k/é")
        XCTAssertEqual(entry.device, "", "an empty device is not a missing one")
        XCTAssertFalse(entry.isUnmatched)
    }

    func test_route_keepsItsOwnVendor_whenItIsNotTheEntrys() {
        let route = RouteMatch(vendor: .twinPush, operation: "register", template: "/a")
        let other = entry(request: FakeRequest(method: "GET", path: "/"), route: route, vendor: .tpns)
        XCTAssertEqual(other.route, route)
        XCTAssertEqual(other.vendor, .tpns)
        let none = entry(request: FakeRequest(method: "GET", path: "/"), route: route)
        XCTAssertEqual(none.route, route)
        XCTAssertNil(none.vendor)
    }

    func test_fieldsAfterTheBody_areFound_whenTheBodyIsLarge() {
        let route = RouteMatch(vendor: .tpns, operation: .register, parameters: ["k": "v"], template: "/t")
        for size in [0, 65_000, 70_000, 1 << 20] {
            let body = [UInt8](repeating: UInt8(ascii: "a"), count: size)
            let entry = entry(
                request: FakeRequest(method: "POST", path: "/t", body: body), route: route, vendor: .tpns, app: "A",
                device: "D", response: FakeResponse(status: 200, body: body), delay: 2, notes: ["n"])
            XCTAssertEqual(entry.request.body.count, size)
            XCTAssertEqual(entry.response.body.count, size)
            XCTAssertEqual(entry.route, route, "body of \(size)")
            XCTAssertEqual(entry.vendor, .tpns)
            XCTAssertEqual(entry.operation, .register)
            XCTAssertEqual(entry.app, "A")
            XCTAssertEqual(entry.device, "D")
            XCTAssertEqual(entry.delay, 2)
            XCTAssertEqual(entry.notes, ["n"])
        }
    }

    func test_unmatched_hasNoRouteAppOrDevice_whenNoneGiven() {
        let entry = entry(request: FakeRequest(method: "GET", path: "/nowhere"), vendor: .twinPush)
        XCTAssertNil(entry.route)
        XCTAssertNil(entry.operation)
        XCTAssertNil(entry.app)
        XCTAssertNil(entry.device)
        XCTAssertEqual(entry.vendor, .twinPush)
        XCTAssertTrue(entry.isUnmatched)
    }

    func test_faultDelayDeliveriesAndNotes_areWhatWasGiven() throws {
        let fake = PushFake()
        fake.inject(.status(503, body: ["e": 1]).delayed(by: 1.5))
        _ = fake.handle(FakeRequest(method: "GET", path: "/x"))
        let fault = try XCTUnwrap(fake.journal.entries.first?.fault)
        let entry = entry(
            request: FakeRequest(method: "POST", path: "/"), fault: fault, outcome: .droppedAfterHandling,
            delay: 1.5, deliveryIDs: ["d-1", "d-2"], notes: ["new device", "", "émoji 🚀"])
        XCTAssertEqual(entry.fault, fault)
        XCTAssertEqual(entry.outcome, .droppedAfterHandling)
        XCTAssertEqual(entry.delay, 1.5)
        XCTAssertEqual(entry.deliveryIDs, ["d-1", "d-2"])
        XCTAssertEqual(entry.notes, ["new device", "", "émoji 🚀"])
        let plain = self.entry(request: FakeRequest(method: "POST", path: "/"), outcome: .dropped)
        XCTAssertNil(plain.fault)
        XCTAssertEqual(plain.delay, 0)
        XCTAssertEqual(plain.deliveryIDs, [])
        XCTAssertEqual(plain.notes, [])
        XCTAssertEqual(plain.outcome, .dropped)
    }

    func test_equality_followsTheFields_notTheirSpelling() {
        let request = FakeRequest(method: "GET", path: "/caf\u{E9}")
        let same = FakeRequest(method: "GET", path: "/cafe\u{301}")
        XCTAssertEqual(request, same, "String equality is canonical")
        XCTAssertEqual(entry(request: request), entry(request: same))
        XCTAssertEqual(entry(request: request), entry(request: request))
        XCTAssertNotEqual(entry(request: request), entry(request: request, notes: ["x"]))
        XCTAssertNotEqual(entry(request: request), entry(request: FakeRequest(method: "PUT", path: "/caf\u{E9}")))
    }

    func test_description_showsTheRequest_notTheBytes() {
        let entry = entry(request: FakeRequest(method: "POST", path: "/TPNS/api/device/register"), notes: ["n"])
        let text = "\(entry)"
        XCTAssertTrue(text.contains(#"path: "/TPNS/api/device/register""#), text)
        XCTAssertTrue(text.contains(#"notes: ["n"]"#), text)
    }

    func test_engineEntry_givesBackTheRouteAndItsParameters() throws {
        let fake = PushFake()
        fake.send("PUT", "/TPNS/api/application/k%2F1/device/D%201/unregister")
        fake.send("GET", "/api/v2/apps/A1/devices/U1/inbox?page=2")
        let entries = fake.journal.entries
        let tpns = try XCTUnwrap(entries.first?.route)
        XCTAssertEqual(tpns.vendor, .tpns)
        XCTAssertEqual(tpns.operation, .unregister)
        XCTAssertEqual(tpns.template, "/TPNS/api/application/{appKey}/device/{deviceId}/unregister")
        XCTAssertEqual(tpns.parameters, ["appKey": "k/1", "deviceId": "D 1"])
        XCTAssertEqual(entries.first?.vendor, .tpns)
        XCTAssertEqual(entries.last?.vendor, .twinPush)
        XCTAssertEqual(entries.last?.operation, "inbox")
        XCTAssertEqual(entries.last?.route?.parameters["device"], "U1")
        let handMade = RouteMatch(
            vendor: tpns.vendor, operation: tpns.operation, parameters: tpns.parameters, template: tpns.template)
        XCTAssertEqual(handMade, tpns, "a route made by hand equals the router's")
        let request = FakeRequest(method: "PUT", path: "/x")
        XCTAssertEqual(
            entry(request: request, route: tpns, vendor: .tpns), entry(request: request, route: handMade, vendor: .tpns)
        )
        XCTAssertEqual(entry(request: request, route: tpns, vendor: .tpns).route, handMade)
    }

    func test_engineEntry_givesBackTheRequestItWasHanded() {
        let fake = PushFake()
        let request = FakeRequest(
            method: "POST", target: "/TPNS/api/device/register?x=%20",
            headers: ["Content-Type": "application/json", "Authorization": "Bearer t"],
            body: Array(#"{"deviceId":"D","applicationKey":"k","applicationType":"IOS"}"#.utf8))
        let exchange = fake.handle(request)
        let entry = fake.journal.entries[0]
        XCTAssertEqual(entry.request, request)
        XCTAssertEqual(entry.response, exchange.response)
        XCTAssertEqual(entry.route, exchange.route)
    }
}

extension FakeResponse {
    fileprivate func with(status: Int) -> FakeResponse {
        FakeResponse(status: status, headers: headers, body: Array("{}".utf8))
    }
}
