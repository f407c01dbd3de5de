import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Secrets planted in every place a client can put them — headers, query, path, body; raw, JSON-escaped,
/// percent-encoded — never reach an output: the JSON Lines and HAR exports, the event stream (whose entry lines
/// equal the export's, byte for byte), the state document and the admin answers the dashboard reads, and the request
/// log (RecordingFormat.md, "Secrets and placeholders").
final class HostileSecretsTests: HostileTestCase {
    private let log = Locked<[String]>([])

    func test_plantedSecrets_reachNoOutput_andStreamLinesEqualTheExport_whenAppKeysAreRedacted() throws {
        let log = self.log
        try restart { configuration in
            configuration.maxBodyBytes = 65_536
            configuration.recordingRedaction.redactsAppKeys = true
            configuration.log = { line in
                log.withLock { $0 += [line.description, line.jsonValue.serializedString()] }
            }
        }
        // GIVEN a subscriber listening before any traffic
        let live = try subscribe("")
        XCTAssertEqual(readEvents(live, entries: 0).first?.name, "retry")
        // WHEN a client plants the secrets everywhere
        let planted = try plant()
        XCTAssertTrue(Wait.until { self.fake.journal.totalCount == planted }, "\(fake.journal.totalCount) entries")

        // THEN the exports hold none of them, the application key included
        let secrets = PlantedSecrets.values + [PlantedSecrets.appKey]
        let admin = try LoopbackHTTPClient(port: port, receiveTimeout: 30)
        let jsonl = try XCTUnwrap(admin.request("GET", "/__pushfake/journal?format=jsonl")).text
        let filtered = try XCTUnwrap(admin.request("GET", "/__pushfake/journal?format=jsonl&vendor=tpns")).text
        let har = try XCTUnwrap(admin.request("GET", "/__pushfake/journal?format=har")).text
        for (name, text) in [("JSONL", jsonl), ("filtered JSONL", filtered), ("HAR", har)] {
            PlantedSecrets.assertNone(of: secrets, in: text, name)
        }
        let lines = jsonl.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, planted)
        // AND a filtered export numbers secrets as the whole one does
        let tpnsLines = lines.filter { $0.contains(#""vendor":"tpns""#) }
        XCTAssertEqual(filtered.split(separator: "\n").map(String.init), tpnsLines)

        // AND the event stream, live and replayed, holds none of them, and its entry lines are the export's
        let liveEvents = readEvents(live, entries: planted)
        let replay = try subscribe("?since=0")
        let replayed = readEvents(replay, entries: planted)
        for (name, events) in [("live stream", liveEvents), ("replayed stream", replayed)] {
            PlantedSecrets.assertNone(of: secrets, in: events.map(\.data).joined(separator: "\n"), name)
            XCTAssertEqual(events.filter { $0.name == "entry" }.map(\.data), lines, name)
        }
        XCTAssertTrue(
            liveEvents.contains { $0.name == "delivery" && $0.data.contains(#""app":"${secret:tpns-app-key}""#) },
            "a TPNS delivery names its app by placeholder")

        // AND the state document and the dashboard's admin answers hold no credential (application keys are the
        // fake's data there: FakeBehaviour.md)
        for path in ["/state", "/devices", "/deliveries", "/notifications", "/instances", "/routes", "/faults"] {
            let answer = try XCTUnwrap(admin.request("GET", "/__pushfake" + path), path)
            XCTAssertEqual(answer.status, 200, path)
            PlantedSecrets.assertNone(of: PlantedSecrets.values, in: answer.text, path)
        }
        // AND the request log holds none, the application key included
        let logged = log.withLock { $0 }.joined(separator: "\n")
        XCTAssertTrue(logged.contains("/unregister"), logged)
        PlantedSecrets.assertNone(of: secrets, in: logged, "the request log")
    }

    /// Sends the planted traffic; returns how many journal entries it makes.
    private func plant() throws -> Int {
        let client = try LoopbackHTTPClient(port: port, receiveTimeout: 30)
        var entries = 0
        func send(_ method: String, _ target: String, body: String? = nil, headers: [(String, String)]) {
            XCTAssertNotNil(client.request(method, target, body: body, headers: headers), "\(method) \(target)")
            entries += 1
        }
        for credential in PlantedSecrets.credentials {
            let value = credential.planted
            let header = (credential.header, credential.headerValue)
            let pct = PlantedSecrets.percent(value)
            var query = "a=\(pct)&b=\(PlantedSecrets.percent(value, lower: true))&c=\(PlantedSecrets.percent(pct))"
            if PlantedSecrets.isTargetSafe(value) { query += "&d=\(value)" }
            let inner = #"{"t":""# + PlantedSecrets.phpJSON(value) + #""}"#
            let json =
                #"{"raw":"# + JSON.string(value).serializedString() + #","php":""# + PlantedSecrets.phpJSON(value)
                + #"","uni":""# + PlantedSecrets.unicodeJSON(value) + #"","nested":""# + PlantedSecrets.phpJSON(inner)
                + #"","pct":""# + pct + #""}"#
            // In the path, the query and a JSON body of an unknown route, which journals everything it gets.
            send("POST", "/api/v2/apps/app1/devices/\(pct)/things?\(query)", body: json, headers: [header])
            // In a form body.
            send(
                "POST", "/api/v2/apps/app1/forms", body: "a=\(pct)&b=\(PlantedSecrets.percent(value, lower: true))",
                headers: [header, ("Content-Type", "application/x-www-form-urlencoded")])
            // In other headers of a known route.
            send(
                "GET", "/api/v2/apps/app1/devices",
                headers: [header, ("Referer", "http://client.example/?t=\(pct)"), ("X-Echo", "v \(pct) v")])
        }
        // The application key, escaped in bodies and percent-encoded in the path and query.
        let key = PlantedSecrets.appKey
        send(
            "POST", "/TPNS/api/device/register",
            body: #"{"deviceId":"D1","deviceRegistrationId":"ab12","applicationKey":""# + PlantedSecrets.phpJSON(key)
                + #"","applicationType":"IOS"}"#, headers: [])
        send(
            "POST", "/TPNS/api/pushnotifications",
            body: #"[{"message":"m","handlingLevel":1,"applicationKey":""# + PlantedSecrets.unicodeJSON(key)
                + #"","applicationTypes":["IOS"],"deviceIds":["D1"]}]"#, headers: [])
        send("PUT", "/TPNS/api/application/\(PlantedSecrets.percent(key))/device/D1/unregister", headers: [])
        send("GET", "/TPNS/api/unknown?k=\(PlantedSecrets.percent(key))&k2=\(key)", headers: [])
        // A request the server cannot parse: journaled with its raw bytes, credential header and all.
        let malformed = try RawConnection(port: port)
        malformed.send("GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\nX-TwinPush-REST-API-Token: tok/+=1\r\n\r\n")
        _ = malformed.readToEnd()
        entries += 1
        return entries
    }

    private func subscribe(_ query: String) throws -> LoopbackHTTPClient {
        let client = try LoopbackHTTPClient(port: port, receiveTimeout: 30)
        client.send("GET /__pushfake/events\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertEqual(client.readHead()?.status, 200)
        return client
    }

    /// Reads events until `entries` entry events (and at least the first event) have arrived, then what is already
    /// there.
    private func readEvents(_ client: LoopbackHTTPClient, entries: Int) -> [(name: String, data: String)] {
        var text = ""
        var events: [(name: String, data: String)] = []
        repeat {
            guard let chunk = client.readChunk(), !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
            while let end = text.range(of: "\n\n") {
                var name = ""
                var data = ""
                for line in text[..<end.lowerBound].split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                    if line.hasPrefix("retry:") { name = "retry" }
                }
                events.append((name, data))
                text.removeSubrange(..<end.upperBound)
            }
        } while events.filter({ $0.name == "entry" }).count < entries || events.isEmpty
        return events
    }
}
