import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// `limit` and `since` on `GET /__pushfake/deliveries` and `GET /__pushfake/journal`: pages in creation order, a
/// `next` cursor that is `null` after the last page and keeps its place while more deliveries arrive, and limits
/// checked like every other query field.
final class AdminPagingTests: ServerTestCase {
    /// Registers TPNS devices `devices` of `testApp` (each once) and sends one push to every device of the app.
    private func push(_ message: String, registering devices: [String] = []) {
        for device in devices {
            fake.send(
                "POST", "/TPNS/api/device/register",
                json: #"{"deviceId":"\#(device)","deviceRegistrationId":"ab","applicationKey":"testApp","#
                    + #""applicationType":"IOS"}"#, headers: ["Content-Type": "application/json"])
        }
        let sent = fake.send(
            "POST", "/TPNS/api/pushnotifications",
            json: #"[{"message":"\#(message)","handlingLevel":1,"applicationKey":"testApp","#
                + #""applicationTypes":["IOS"],"deviceIds":null}]"#, headers: ["Content-Type": "application/json"])
        XCTAssertEqual(sent.response.status, 200, sent.bodyText)
    }

    private func ids(_ answer: JSON?) -> [String] {
        answer?["deliveries"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    func test_deliveries_pageInCreationOrder_withNextUntilNullOnTheLastPage() async throws {
        push("A", registering: ["D1", "D2", "D3", "D4", "D5"])
        let all = fake.deliveries.map(\.id)
        XCTAssertEqual(all.count, 5)

        let first = try await request("GET", "/__pushfake/deliveries?limit=2")
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(ids(first.body), Array(all[0..<2]))
        XCTAssertEqual(first.body?["count"], 2, "count is the number in this answer")
        XCTAssertEqual(first.body?["next"], 2)
        let second = try await request("GET", "/__pushfake/deliveries?since=2&limit=2")
        XCTAssertEqual(ids(second.body), Array(all[2..<4]))
        XCTAssertEqual(second.body?["next"], 4)
        let last = try await request("GET", "/__pushfake/deliveries?since=4&limit=2")
        XCTAssertEqual(ids(last.body), [all[4]])
        XCTAssertEqual(last.body?["next"], .null, "the last page says null")
        let exact = try await request("GET", "/__pushfake/deliveries?limit=5")
        XCTAssertEqual(ids(exact.body), all)
        XCTAssertEqual(exact.body?["next"], .null, "a page that takes the rest exactly is the last")
        let beyond = try await request("GET", "/__pushfake/deliveries?since=99&limit=3")
        XCTAssertEqual(beyond.body?["count"], 0)
        XCTAssertEqual(beyond.body?["next"], .null)
    }

    func test_deliveries_withoutLimit_answerAsBefore_andSinceAloneSkips() async throws {
        push("A", registering: ["D1", "D2", "D3"])
        let all = fake.deliveries.map(\.id)
        let plain = try await request("GET", "/__pushfake/deliveries")
        XCTAssertEqual(ids(plain.body), all)
        XCTAssertNil(plain.body?["next"], "no limit, no next member")
        XCTAssertEqual(plain.body?.objectValue?.members.map(\.key), ["deliveries", "count"])
        let rest = try await request("GET", "/__pushfake/deliveries?since=1")
        XCTAssertEqual(ids(rest.body), Array(all[1...]))
        XCTAssertNil(rest.body?["next"])
    }

    func test_deliveries_cursorKeepsItsPlace_whenDeliveriesArriveBetweenPages() async throws {
        push("A", registering: ["D1", "D2", "D3"])
        let first = try await request("GET", "/__pushfake/deliveries?limit=2")
        XCTAssertEqual(first.body?["next"], 2)
        push("B")
        push("C")
        var collected = ids(first.body)
        var next = first.body?["next"]
        var pages = 1
        while let since = next?.intValue, pages < 10 {
            let page = try await request("GET", "/__pushfake/deliveries?since=\(since)&limit=2")
            XCTAssertEqual(page.status, 200)
            collected += ids(page.body)
            next = page.body?["next"]
            pages += 1
        }
        XCTAssertEqual(next, .null)
        XCTAssertEqual(pages, 5, "9 deliveries, 2 a page")
        XCTAssertEqual(collected, fake.deliveries.map(\.id), "each delivery once, in creation order")
    }

    func test_deliveries_filteredPages_pointPastTheLastOneShown() async throws {
        push("A", registering: ["D1", "D2", "D3"])
        push("B")
        let toD2 = fake.deliveries(to: "D2").map(\.id)
        XCTAssertEqual(toD2.count, 2)
        let first = try await request("GET", "/__pushfake/deliveries?device=D2&limit=1")
        XCTAssertEqual(ids(first.body), [toD2[0]])
        let cursor = try XCTUnwrap(first.body?["next"]?.intValue)
        XCTAssertEqual(fake.deliveries[cursor - 1].id, toD2[0], "next is the sequence number of the last shown")
        let second = try await request("GET", "/__pushfake/deliveries?device=D2&since=\(cursor)&limit=1")
        XCTAssertEqual(ids(second.body), [toD2[1]])
        XCTAssertEqual(second.body?["next"], .null, "no later delivery to D2: this page is the last")
    }

    func test_limitAndSince_outOfRangeOrNotWhole_are400NamingTheField() async throws {
        push("A", registering: ["D1"])
        let cases = [
            ("/__pushfake/deliveries?limit=0", "limit"), ("/__pushfake/deliveries?limit=10001", "limit"),
            ("/__pushfake/deliveries?limit=two", "limit"), ("/__pushfake/deliveries?limit=1.5", "limit"),
            ("/__pushfake/deliveries?limit=", "limit"), ("/__pushfake/deliveries?since=-1", "since"),
            ("/__pushfake/deliveries?since=x&limit=1", "since"), ("/__pushfake/journal?limit=0", "limit"),
            ("/__pushfake/journal?limit=10001&format=jsonl", "limit"),
            ("/__pushfake/journal?limit=99999999999999999999", "limit"),
        ]
        for (path, field) in cases {
            let answer = try await request("GET", path)
            XCTAssertEqual(answer.status, 400, path)
            let error = answer.body?["error"]?.stringValue ?? ""
            XCTAssertTrue(error.hasPrefix("\(field) must be a whole number in "), "\(path): \(error)")
        }
        let largest = try await request("GET", "/__pushfake/deliveries?limit=10000")
        XCTAssertEqual(largest.status, 200)
        XCTAssertEqual(largest.body?["next"], .null)
    }

    func test_journal_pagesWithLimit_inEveryFormat() async throws {
        push("A", registering: ["D1", "D2"])
        _ = fake.send("GET", "/unknown")
        XCTAssertEqual(fake.journal.totalCount, 4)
        let first = try await request("GET", "/__pushfake/journal?limit=3")
        XCTAssertEqual(first.body?["entries"]?.arrayValue?.compactMap { $0["seq"]?.intValue }, [1, 2, 3])
        XCTAssertEqual(first.body?["count"], 3, "count is the number in this page")
        XCTAssertEqual(first.body?["total"], 4, "total still counts the whole journal")
        XCTAssertEqual(first.body?["next"], 3)
        let last = try await request("GET", "/__pushfake/journal?since=3&limit=3")
        XCTAssertEqual(last.body?["entries"]?.arrayValue?.compactMap { $0["seq"]?.intValue }, [4])
        XCTAssertEqual(last.body?["next"], .null)
        let registers = try await request("GET", "/__pushfake/journal?operation=register&limit=1")
        XCTAssertEqual(registers.body?["entries"]?[0]?["seq"], 1)
        XCTAssertEqual(registers.body?["next"], 1)
        let secondRegister = try await request("GET", "/__pushfake/journal?operation=register&since=1&limit=1")
        XCTAssertEqual(secondRegister.body?["entries"]?[0]?["seq"], 2)
        XCTAssertEqual(secondRegister.body?["next"], .null, "no later register")
        let plain = try await request("GET", "/__pushfake/journal")
        XCTAssertNil(plain.body?["next"], "no limit, no next member")
        XCTAssertEqual(plain.body?["count"], 4)

        let url = try URL(validating: "http://127.0.0.1:\(port)/__pushfake/journal?format=jsonl&since=1&limit=2")
        let lines = try await HTTPRequest("GET", url).send()
        let sequences = String(decoding: lines.body, as: UTF8.self).split(separator: "\n").compactMap {
            (try? JSON.parse(String($0)))?["seq"]?.intValue
        }
        XCTAssertEqual(sequences, [2, 3], "limit applies to the JSON Lines export")
        let har = try await request("GET", "/__pushfake/journal?format=har&limit=1")
        XCTAssertEqual(har.body?["log"]?["entries"]?.arrayValue?.count, 1, "and to HAR")
    }

    func test_typedClient_followsNextThroughEveryPage_andGetsTheServersRangeError() throws {
        push("A", registering: ["D1", "D2", "D3"])
        let client = AdminClient(transport: LoopbackAdminTransport(host: "127.0.0.1", port: port))
        var query = DeliveriesQuery()
        query.limit = 2
        var collected: [String] = []
        var cursors: [PageCursor?] = []
        while cursors.count < 10 {
            let page = try client.call(AdminOperations.deliveries, query)
            collected += page.deliveries.map(\.id)
            cursors.append(page.next)
            guard let since = page.next?.since else { break }
            query.since = since
        }
        XCTAssertEqual(cursors, [.since(2), .end])
        XCTAssertEqual(collected, fake.deliveries.map(\.id))
        XCTAssertNil(try client.call(AdminOperations.deliveries, DeliveriesQuery()).next, "no limit, no cursor")

        var journal = JournalQuery()
        journal.limit = 1
        let entries = try client.call(AdminOperations.journal, journal)
        XCTAssertEqual(entries.entries.map(\.sequence), [1])
        XCTAssertEqual(entries.next, .since(1))

        query.limit = 0
        XCTAssertThrowsError(try client.call(AdminOperations.deliveries, query)) { error in
            let failure = error as? AdminClientError
            XCTAssertEqual(failure?.status, 400)
            XCTAssertEqual(failure?.message, "limit must be a whole number in 1...10000, not 0")
        }
    }
}
