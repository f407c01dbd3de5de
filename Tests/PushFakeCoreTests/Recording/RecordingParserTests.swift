import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Recordings as replay reads them: PushFake's JSON Lines and HAR 1.2, with errors that name the line or entry.
final class RecordingParserTests: XCTestCase {
    private func traffic() -> PushFake {
        let fake = PushFake()
        fake.send(
            "POST", "/api/v2/apps/app1/devices/register?x=1&tags[]=a",
            json: #"{"udid":"u1","platform":"ios","push_token":"aa"}"#,
            headers: ["Content-Type": "application/json", "X-Trace": "1", "x-trace": "2"])
        fake.inject(.delay(0.25), when: .twinPush(.inboxSummary))
        fake.send("GET", "/api/v2/apps/app1/devices/1000000000000001/inbox_summary")
        _ = fake.handle(FakeRequest(method: "POST", target: "/TPNS/api/device/register", body: [0xFF, 0x00, 0x7B]))
        return fake
    }

    func test_jsonLines_readEveryFieldReplayNeeds() throws {
        let fake = traffic()
        let recording = try Recording.parse(Array(fake.journal.jsonLines().utf8))
        XCTAssertEqual(recording.format, .jsonLines)
        XCTAssertEqual(recording.exchanges.count, 3)
        let register = recording.exchanges[0]
        XCTAssertEqual(register.index, 1)
        XCTAssertEqual(register.method, "POST")
        XCTAssertEqual(register.path, "/api/v2/apps/app1/devices/register")
        XCTAssertEqual(register.query, "x=1&tags[]=a")
        XCTAssertEqual(register.headers.fields.map(\.name), ["Content-Type", "X-Trace", "x-trace"])
        XCTAssertEqual(register.body, fake.journal.entries[0].request.body)
        XCTAssertEqual(register.route, "/api/v2/apps/{app}/devices/register")
        XCTAssertEqual(register.response, fake.journal.entries[0].response)
        XCTAssertEqual(recording.exchanges[1].duration, 0.25)
        XCTAssertEqual(recording.exchanges[2].body, [0xFF, 0x00, 0x7B])
    }

    func test_har_readsTheSameExchanges_asJSONLines() throws {
        let fake = traffic()
        let lines = try Recording.parse(Array(fake.journal.jsonLines().utf8))
        let har = try Recording.parse(fake.journal.har().serialized())
        XCTAssertEqual(har.format, .har)
        XCTAssertEqual(har.exchanges.map(\.method), lines.exchanges.map(\.method))
        XCTAssertEqual(har.exchanges.map(\.target), lines.exchanges.map(\.target))
        XCTAssertEqual(har.exchanges.map(\.headers), lines.exchanges.map(\.headers))
        XCTAssertEqual(har.exchanges.map(\.route), lines.exchanges.map(\.route))
        XCTAssertEqual(har.exchanges.map(\.response.status), lines.exchanges.map(\.response.status))
        XCTAssertEqual(har.exchanges.map(\.response.body), lines.exchanges.map(\.response.body))
        XCTAssertEqual(har.exchanges[0].body, lines.exchanges[0].body)
        XCTAssertEqual(har.exchanges[1].duration, 0.25)
    }

    func test_har_fromOtherTools_base64ContentFormParamsAndURLs() throws {
        let text = """
            {"log":{"version":"1.2","entries":[
             {"request":{"method":"POST","url":"https://api.example.com:8443/api/v2/x?a=1#top","headers":[],
               "postData":{"mimeType":"application/x-www-form-urlencoded","params":[{"name":"a b","value":"c&d"}]}},
              "response":{"status":201,"headers":[{"name":"Content-Type","value":"application/json"}],
               "content":{"size":2,"text":"e30=","encoding":"base64"}},"time":12.5},
             {"request":{"method":"GET","url":"http://host"},"response":{"status":0,"content":{}}},
             {"request":{"method":"PUT","url":"/relative?q","postData":{"text":"AQ\\nI=","encoding":"base64"}},
              "response":{"status":204}}
            ]}}
            """
        let recording = try Recording.parse(Array(text.utf8))
        XCTAssertEqual(recording.exchanges.map(\.path), ["/api/v2/x", "/", "/relative"])
        XCTAssertEqual(recording.exchanges.map(\.query), ["a=1", "", "q"])
        XCTAssertEqual(String(decoding: recording.exchanges[0].body, as: UTF8.self), "a%20b=c%26d")
        XCTAssertEqual(recording.exchanges[0].response.body, Array("{}".utf8))
        XCTAssertEqual(recording.exchanges[0].duration, 0.0125)
        XCTAssertEqual(recording.exchanges[1].response.status, 0)
        XCTAssertEqual(recording.exchanges[2].body, [1, 2])
    }

    func test_badRecordings_throwErrorsNamingTheLineOrEntryAndField() {
        let line = #"{"v":1,"request":{"method":"GET","path":"/"},"response":{"status":200}}"#
        let cases: [(String, String)] = [
            ("", "the recording has no entries"),
            (line + "\nnot json\n", "line 2: is not JSON"),
            (#"{"v":2,"request":{}}"#, "line 1: v is 2: this pushfake reads version 1"),
            (#"{"request":{}}"#, "line 1: v is missing"),
            ("[1]", "line 1: must be a JSON object, not an array"),
            (
                #"{"v":1,"request":{"method":7,"path":"/"},"response":{"status":200}}"#,
                "line 1: request.method must be a string, not a number"
            ),
            (
                #"{"v":1,"request":{"method":"GET","path":"/"},"response":{"status":1000}}"#,
                "line 1: response.status must be an integer in 0...999, not 1000"
            ),
            (
                #"{"v":1,"request":{"method":"GET","path":"/","headers":[["a"]]},"response":{"status":200}}"#,
                "line 1: request.headers[0] must be a [name, value] pair of strings"
            ),
            (
                #"{"v":1,"request":{"method":"GET","path":"/","bodyBase64":"!!"},"response":{"status":200}}"#,
                "line 1: request.bodyBase64 is not valid Base64"
            ),
            (#"{"v":1,"request":{"method":"GET","path":"/"}}"#, "line 1: response is missing"),
            (#"{"log":{"version":"1.2"}}"#, "HAR: log.entries is missing"),
            (#"{"log":{"entries":[]}}"#, "HAR: log.entries is empty"),
            (
                #"{"log":{"entries":[{"request":{"method":"GET","url":"/"},"response":{"status":200}},{"request":{"method":"GET","url":"x"},"response":{"status":200}}]}}"#,
                #"entry 2: request.url must be an absolute URL or a path starting with /, not "x""#
            ),
            (
                #"{"log":{"entries":[{"request":{"method":"GET","url":"/"},"response":{"status":"200"}}]}}"#,
                #"entry 1: response.status must be an integer in 0...999, not "200""#
            ),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try Recording.parse(Array(text.utf8)), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(error)")
            }
        }
        XCTAssertThrowsError(try Recording.parse([0xFF, 0xFE])) { error in
            XCTAssertEqual("\(error)", "the recording is not UTF-8 text")
        }
    }
}
