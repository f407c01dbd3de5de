import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `page` / `per_page` rules (TwinPushWireProtocol.md §4.3, FakeBehaviour.md).
final class TwinPushPaginationTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())
    private var device = ""

    override func setUp() {
        super.setUp()
        // GIVEN a device that received 35 notifications, "n1" … "n35"
        device = client.registerIOS(alias: "ana")
        for number in 1...35 {
            _ = client.notify(#"{"devices_ids":["\#(device)"],"alert":"n\#(number)","inbox":true}"#)
        }
    }

    private func search(_ body: String) -> JSON {
        client.send("POST", client.devicePath(device, "/search_notifications"), body).json
    }

    func test_search_usesThirtyPerPageNewestFirst_whenPerPageIsZeroOrMissing() {
        // WHEN iOS sends per_page 0 and page 1 (its default), and Android sends nothing
        for body in [#"{"per_page":"0","page":"1"}"#, "{}"] {
            let page = search(body)
            // THEN 30 objects, newest first, with the will_paginate counters
            XCTAssertEqual(page["objects"]?.arrayValue?.count, 30)
            XCTAssertEqual(page["objects"]?[0]?["alert"], "n35")
            XCTAssertEqual(page["per_page"], 30)
            XCTAssertEqual(page["total_pages"], 2)
            XCTAssertEqual(page["total_entries"], 35)
            XCTAssertEqual(page["offset"], 0)
            XCTAssertEqual(page["references"], [])
        }
    }

    func test_search_readsStringsAndIntegers_whenPageIsZeroNegativeOrPastTheEnd() {
        // WHEN pages are asked as strings, integers, ≤ 0 and past the end
        XCTAssertEqual(search(#"{"page":2,"per_page":10}"#)["objects"]?[0]?["alert"], "n25")
        XCTAssertEqual(search(#"{"page":"0","per_page":"10"}"#)["current_page"], 1)
        XCTAssertEqual(search(#"{"page":-3,"per_page":"10"}"#)["objects"]?[0]?["alert"], "n35")
        let past = search(#"{"page":"9","per_page":"10"}"#)
        // THEN past the end is an empty page, not an error
        XCTAssertEqual(past["objects"], [])
        XCTAssertEqual(past["current_page"], 9)
        XCTAssertEqual(past["offset"], 80)
    }

    func test_perPage_isCappedAtOneHundred_whenMoreIsAsked() {
        // WHEN 500 per page are asked in the query of the inbox
        let inbox = client.send("GET", client.devicePath(device, "/inbox?per_page=500&page=1")).json
        // THEN per_page is 100 and all 35 items come
        XCTAssertEqual(inbox["per_page"], 100)
        XCTAssertEqual(inbox["objects"]?.arrayValue?.count, 35)
        XCTAssertEqual(inbox["total_pages"], 1)
    }

    func test_inboxPages_areDisjoint_whenWalkingThemOneByOne() {
        // WHEN the inbox is read 8 at a time
        var alerts: [String] = []
        for page in 1...5 {
            let reply = client.send("GET", client.devicePath(device, "/inbox?page=\(page)&per_page=8")).json
            alerts += reply["objects"]?.arrayValue?.compactMap { $0["notification"]?["alert"]?.stringValue } ?? []
        }
        // THEN every notification appears once, newest first
        XCTAssertEqual(alerts, (1...35).reversed().map { "n\($0)" })
    }
}
