import Foundation
import XCTest

@testable import PushFakeCore

/// Response bodies of one route share their first bytes through `JournalStrings`: the route's first body is the
/// reference, and every entry still reads back the exact bytes it was given.
final class JournalResponsePrefixTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func test_responsePrefix_sharesTheFirstBodysBytes_perRoute() throws {
        let strings = JournalStrings(capacity: 10)
        let first = bytes(#"{"success":true,"message":null,"errors":[],"deviceId":"D1"}"#)
        let whole = try XCTUnwrap(strings.responsePrefix(route: 3, body: first))
        XCTAssertEqual(whole.length, first.count)
        XCTAssertEqual(Array(strings.string(whole.code).utf8), first)
        let next = try XCTUnwrap(
            strings.responsePrefix(
                route: 3, body: bytes(#"{"success":true,"message":null,"errors":[],"deviceId":"D22"}"#)))
        XCTAssertEqual(next.code, whole.code)
        XCTAssertEqual(next.length, 56, "up to and with the D of the id")
        // Too little in common, another route, no route, a body too short to share.
        XCTAssertNil(strings.responsePrefix(route: 3, body: bytes(#"{"s":false,"message":"no"}"#)))
        XCTAssertNil(strings.responsePrefix(route: -1, body: first))
        XCTAssertNil(strings.responsePrefix(route: 3, body: bytes("{}")))
        // A first body that is not UTF-8 text is not kept as the reference; the next one is.
        let other = bytes(#"{"other":"route","id":12345}"#)
        XCTAssertNil(strings.responsePrefix(route: 4, body: [0xFF, 0xFE] + other))
        let reference = try XCTUnwrap(strings.responsePrefix(route: 4, body: other))
        XCTAssertEqual(reference.length, other.count)
        XCTAssertNotEqual(reference.code, whole.code)
        XCTAssertEqual(strings.responsePrefix(route: 4, body: bytes(#"{"other":"route","id":7}"#))?.length, 22)
    }

    func test_responsePrefix_writesWhole_whenTheTableIsFull() {
        let strings = JournalStrings(capacity: 1)
        XCTAssertNotNil(strings.responsePrefix(route: 0, body: bytes(#"{"first":"route","id":1}"#)))
        XCTAssertNil(strings.responsePrefix(route: 0, body: bytes(#"{"other":true}"#)))
        XCTAssertNil(strings.responsePrefix(route: 1, body: bytes(#"{"first":"route","id":1}"#)), "past the capacity")
    }

    func test_entries_readBackTheirResponseBodies_sharedOrNot() throws {
        let route = RouteMatch(
            vendor: .tpns, operation: .register, parameters: [:], template: "/journal-response-prefix-test")
        let bodies =
            [
                #"{"success":true,"message":null,"errors":[],"deviceId":"D1"}"#,
                #"{"success":true,"message":null,"errors":[],"deviceId":"D22"}"#,
                #"{"success":false,"message":"bad","errors":[{"field":"deviceId"}],"deviceId":null}"#,
                "", "not json at all, but text", "{\"success\":true,\"message\":\"caf\u{E9}\"}",
            ].map(bytes) + [[0xFF, 0x7B, 0x22, 0x73, 0x75, 0x63, 0x63, 0x65, 0x73, 0x73]]
        var entries: [JournalEntry] = []
        for (index, body) in bodies.enumerated() {
            let request = FakeRequest(method: "POST", target: "/TPNS/api/device/register", body: bytes("{}"))
            entries.append(
                JournalEntry(
                    sequence: index, time: Date(timeIntervalSince1970: 0), request: request, route: route,
                    vendor: .tpns, app: nil, device: nil, fault: nil,
                    response: FakeResponse(status: 200, body: body), outcome: .responded, delay: 0, deliveryIDs: [],
                    notes: []))
        }
        for (entry, body) in zip(entries, bodies) {
            XCTAssertEqual(entry.response.body, body)
            XCTAssertEqual(Array(entry.responseBodyBytes), body)
            XCTAssertEqual(entry.responseBody, try? JSON.parse(body))
            if entry.flags.contains(.sharedResponsePrefix) {
                XCTAssertLessThanOrEqual(
                    entry.layout.responseBody.count, body.count - JournalStrings.shortestSharedPrefix)
            }
        }
        XCTAssertEqual(entries, entries.map { $0 })
    }
}

extension JournalStrings {
    /// ``Lookup/responsePrefix(route:body:)`` under a hold of its own.
    fileprivate func responsePrefix(route: Int, body: [UInt8]) -> (code: Int, length: Int)? {
        withLookup { $0.responsePrefix(route: route, body: body) }
    }
}
