import PushFakeCore
import PushFakeTestSupport
import XCTest

/// TwinPush's "API Concepts" page (TwinPush/api-docs at b4b5d47), section by section, from its own examples.
final class APIConceptsDocumentedTests: XCTestCase {
    /// "Pagination": four devices of app `1a2b3c4d5f`, read two per page.
    func test_pagination_answersTheDocumentedEnvelope_whenTheExampleAsksForPageOneOfTwo() throws {
        // GIVEN four devices, all with the example's alias
        var client = TwinPushTestClient(fake: PushFake())
        client.app = "1a2b3c4d5f"
        for udid in ["u1", "u2", "u3", "u4"] { client.registerIOS(udid: udid, alias: "techie4") }
        // WHEN the example's request is sent (its `&amp;` is the page's HTML escaping of `&`)
        let reply = client.backend("GET", client.path("/devices?page=1&per_page=2"))
        // THEN the counters and the first two devices, as in the example answer
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["offset"], 0)
        XCTAssertEqual(reply.json["total_pages"], 2)
        XCTAssertEqual(reply.json["total_entries"], 4)
        XCTAssertEqual(reply.json["per_page"], 2)
        XCTAssertEqual(reply.json["current_page"], 1)
        XCTAssertEqual(reply.json["references"], [])
        let objects = try XCTUnwrap(reply.json["objects"]?.arrayValue)
        XCTAssertEqual(objects.map { $0["alias_device"] }, ["techie4", "techie4"])
        for object in objects {
            XCTAssertEqual(object["app_id"], "1a2b3c4d5f")
            XCTAssertEqual(object["type"], "Device")
            for date in ["created_at", "updated_at", "last_registered_at"] {
                XCTAssertEqual(object[date], "2026-01-01 00:00:00 UTC", date)
            }
        }
        // AND page 2 has the other two
        let second = client.backend("GET", client.path("/devices?page=2&per_page=2"))
        XCTAssertEqual(second.json["offset"], 2)
        XCTAssertEqual(second.json["objects"]?.arrayValue?.count, 2)
    }

    /// "Pagination": `per_page` defaults to 30, `page` to 1, and 0 or a negative page is page 1.
    func test_pagination_defaultsAndClamps_asTheTableSays() {
        let client = TwinPushTestClient(fake: PushFake())
        for index in 1...31 { client.registerAndroid(udid: "u\(index)") }
        let plain = client.backend("GET", client.path("/devices"))
        XCTAssertEqual(plain.json["per_page"], 30)
        XCTAssertEqual(plain.json["current_page"], 1)
        XCTAssertEqual(plain.json["objects"]?.arrayValue?.count, 30)
        for page in ["0", "-3"] {
            let clamped = client.backend("GET", client.path("/devices?page=\(page)"))
            XCTAssertEqual(clamped.json["current_page"], 1, page)
            XCTAssertEqual(clamped.json["offset"], 0, page)
        }
        // An empty page past the end: the DOCS allow 404 NotFound "in some cases"; PushFake answers 200 with no
        // objects (FakeBehaviour.md, TwinPush: Lists), because iOS decides whether there is more from the count.
        let past = client.backend("GET", client.path("/devices?page=9"))
        XCTAssertEqual(past.status, 200)
        XCTAssertEqual(past.json["objects"], [])
    }

    /// "Input & Output Format": JSON out, JSON in (a body with the documented `charset=utf-8` header).
    func test_inputAndOutput_areJSON_whenTheDocumentedContentTypeIsSent() {
        let client = TwinPushTestClient(fake: PushFake())
        let reply = client.send(
            "POST", client.path("/devices/register"), #"{"udid":"ü-1","platform":"ios"}"#,
            headers: ["Content-Type": "application/json; charset=utf-8"])
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.response.headers["Content-Type"], "application/json; charset=utf-8")
        XCTAssertEqual(client.fake.twinPushDevices(app: client.app).first?.udid, "ü-1")
    }

    /// "HTTP Status Codes" and "Common error messages": 404 for what does not exist, 406 for wrong JSON, 422 for an
    /// incorrect parameter, each with the `{"errors":{"type","message"}}` body.
    func test_statusCodes_areTheDocumentedOnes_forMissingObjectsWrongJSONAndBadParameters() {
        let client = TwinPushTestClient(fake: PushFake())
        let id = client.registerIOS()
        assertTwinPushError(client.send("GET", client.devicePath("1000000000000099", "/badge")), 404, "DeviceNotFound")
        assertTwinPushError(
            client.send("POST", client.devicePath(id, "/update_badge"), "badge=1"), 406, "NotAcceptable")
        assertTwinPushError(
            client.send("POST", client.devicePath(id, "/update_badge"), #"{"badge":"x"}"#), 422, "DeviceNotUpdated")
    }
}
