import Foundation
import XCTest

@testable import PushFakeCore

/// Entries share repeated strings through `JournalStrings`; what they read back must be the exact bytes they were
/// given, whether a string was shared or written out (too long, table full).
final class JournalStringsTests: XCTestCase {
    func test_codes_tellBytesApart_andStopAtTheCapacity() {
        let strings = JournalStrings(capacity: 3)
        let first = strings.codes(["caf\u{E9}", "cafe\u{301}", "caf\u{E9}", nil, ""])
        XCTAssertEqual(first, [0, 1, 0, -1, 2])
        XCTAssertEqual(strings.codes(["new", "cafe\u{301}", String(repeating: "x", count: 129)]), [-1, 1, -1])
        XCTAssertEqual(strings.string(1).utf8.count, "cafe\u{301}".utf8.count)
        XCTAssertEqual(strings.string(1).unicodeScalars.last, "\u{301}")
        XCTAssertEqual(strings.string(7), "")
    }

    func test_oneLookup_givesTheCodesALaterLookupGives_andTheResponsePrefixInTheSameHold() {
        let strings = JournalStrings(capacity: 10)
        let body = Array(#"{"success":true,"deviceId":"D1"}"#.utf8)
        let (codes, shared) = strings.withLookup { lookup in
            (
                [lookup.code("a"), lookup.code(nil), lookup.code("b"), lookup.code("a")],
                lookup.responsePrefix(route: 1, body: body)
            )
        }
        XCTAssertEqual(codes, [0, -1, 1, 0])
        XCTAssertEqual(shared?.code, 2)
        XCTAssertEqual(shared?.length, body.count)
        XCTAssertEqual(strings.codes(["b", "a", String(decoding: body, as: UTF8.self)]), [1, 0, 2])
    }

    func test_codes_areByBytes_whetherAStringIsTheStoredOneACopyOrSmall() {
        let strings = JournalStrings(capacity: 100)
        func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
        let long = "application/x-www-form-urlencoded; charset=\u{E9}"
        let first = strings.codes([long, "short", "\u{212A}"])
        for _ in 0..<3 {
            XCTAssertEqual(strings.codes([fresh(long), fresh("short"), fresh("\u{212A}"), long]), first + [first[0]])
        }
        XCTAssertEqual(strings.codes(["K", fresh(long + "!")]), [3, 4])
        XCTAssertEqual(Array(strings.string(first[0]).utf8), Array(long.utf8))
    }

    func test_entry_readsBackExactBytes_forSharedLongNonASCIIAndEmptyStrings() {
        let values = [
            "", "application/json", "caf\u{E9}", "cafe\u{301}", "\u{212A}", String(repeating: "é", count: 200),
            String(repeating: "v", count: 128),
        ]
        for (index, value) in values.enumerated() {
            let request = FakeRequest(
                method: index == 0 ? "" : "P\u{D6}ST", target: "/TPNS/api/device/register",
                headers: HTTPHeaders([
                    HTTPHeaders.Field(name: "X-\(value)", value: value),
                    HTTPHeaders.Field(name: "Content-Type", value: value),
                ]), body: Array(value.utf8))
            let response = FakeResponse(
                status: 201, headers: HTTPHeaders([HTTPHeaders.Field(name: "X-Echo", value: value)]),
                body: Array("{}".utf8))
            let route = RouteMatch(
                vendor: .tpns, operation: Operation(value), parameters: ["deviceId": value], template: "/t/\(value)")
            let entry = JournalEntry(
                sequence: index, time: Date(timeIntervalSince1970: 0), request: request, route: route,
                vendor: .twinPush,
                app: value, device: value, fault: nil, response: response, outcome: .responded, delay: 0,
                deliveryIDs: [], notes: [value])
            for _ in 0..<2 {  // the second reads strings the first shared
                XCTAssertEqual(entry.request.method.utf8.elementsEqual(request.method.utf8), true)
                XCTAssertEqual(entry.request.path, "/TPNS/api/device/register")
                XCTAssertEqual(
                    entry.request.headers.fields.map { Array($0.name.utf8) + [0] + Array($0.value.utf8) },
                    request.headers.fields.map { Array($0.name.utf8) + [0] + Array($0.value.utf8) })
                XCTAssertEqual(entry.response.headers.fields.map { Array($0.value.utf8) }, [Array(value.utf8)])
                XCTAssertEqual(entry.route.map { Array($0.template.utf8) }, Array("/t/\(value)".utf8))
                XCTAssertEqual(entry.route.map { Array($0.operation.rawValue.utf8) }, Array(value.utf8))
                XCTAssertEqual(entry.route?.vendor, .tpns)
                XCTAssertEqual(entry.vendor, .twinPush)
                XCTAssertEqual(entry.notes.map { Array($0.utf8) }, [Array(value.utf8)])
            }
        }
    }

    func test_entries_readBackExactBytes_whenDistinctValuesOutnumberTheTable() {
        let count = JournalStrings.shared.capacity + 100
        var entries: [(JournalEntry, String)] = []
        for index in 0..<count {
            let value = "value-\(index)-\u{E9}"
            let request = FakeRequest(
                method: "GET", target: "/x", headers: HTTPHeaders([HTTPHeaders.Field(name: "X-Id", value: value)]))
            let entry = JournalEntry(
                sequence: index, time: Date(timeIntervalSince1970: 0), request: request, route: nil, vendor: nil,
                app: nil, device: nil, fault: nil, response: FakeResponse(status: 200, body: []), outcome: .responded,
                delay: 0, deliveryIDs: [], notes: [])
            entries.append((entry, value))
        }
        for (entry, value) in entries {
            XCTAssertEqual(entry.request.headers.fields.map { Array($0.value.utf8) }, [Array(value.utf8)])
        }
    }
}

extension JournalStrings {
    /// The numbers of `strings`, in order, from one ``withLookup(_:)``.
    fileprivate func codes(_ strings: [String?]) -> [Int] {
        withLookup { lookup in strings.map { lookup.code($0) } }
    }
}
