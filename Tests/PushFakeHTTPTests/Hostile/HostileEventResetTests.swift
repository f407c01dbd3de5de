import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// An events subscriber never goes blind when the journal restarts (issue 16, item 2): `POST /__pushfake/reset` and
/// `DELETE /__pushfake/journal` begin a new epoch, told with a `reset` event, and a position of an older epoch —
/// `?since=`, `Last-Event-ID`, a reader reconnecting — replays the current epoch from its start; `PUT
/// /__pushfake/state` keeps the journal and its numbering and is told with a `state` event. The same per instance.
final class HostileEventResetTests: HostileTestCase {
    private enum Action: CaseIterable {
        case reset, clearJournal, loadState
    }

    private let send =
        #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"]}]"#

    func test_subscribers_followEachRestart_live_withSince_withLastEventID_andReconnecting_whenServerWide() throws {
        for action in Action.allCases { try scenario(action, prefix: "") }
    }

    func test_subscribers_followEachRestart_live_withSince_withLastEventID_andReconnecting_whenPerInstance() throws {
        let client = try LoopbackHTTPClient(port: port)
        for action in Action.allCases {
            let created = try XCTUnwrap(client.request("POST", "/__pushfake/instances")?.json)
            try scenario(action, prefix: "/i/" + (created["id"]?.stringValue ?? "?"))
        }
    }

    /// Two entries, the action, one more entry; then what each kind of subscriber sees.
    private func scenario(_ action: Action, prefix: String) throws {
        let label = "\(action) \(prefix)"
        let client = try LoopbackHTTPClient(port: port)
        func register(_ device: String) throws {
            client.send(rawRegister(device: device, prefix: prefix))
            XCTAssertEqual(client.readResponse()?.status, 200, label)
        }
        // From a journal of its own: a fresh instance, or the server's reset.
        if prefix.isEmpty { XCTAssertEqual(client.request("POST", "/__pushfake/reset")?.status, 200) }
        try register("A")
        try register("B")
        let state = try XCTUnwrap(client.request("GET", "\(prefix)/__pushfake/state")?.text)
        let live = try EventStreamReader(port: port, path: "\(prefix)/__pushfake/events")
        // A reader that saw both entries, then lost its connection (its socket closes with it).
        let lastID = try { () throws -> String in
            let reader = try EventStreamReader(port: port, path: "\(prefix)/__pushfake/events?since=0")
            XCTAssertTrue(reader.read(until: { _ in reader.sequences == [1, 2] }), label)
            return try XCTUnwrap(reader.lastEventID, label)
        }()
        let oldEpoch = try XCTUnwrap(lastID.split(separator: ":").first.map(String.init))

        switch action {
        case .reset: XCTAssertEqual(client.request("POST", "\(prefix)/__pushfake/reset")?.status, 200, label)
        case .clearJournal: XCTAssertEqual(client.request("DELETE", "\(prefix)/__pushfake/journal")?.status, 200, label)
        case .loadState: XCTAssertEqual(client.request("PUT", "\(prefix)/__pushfake/state", body: state)?.status, 200)
        }
        try register("C")
        // A reset starts numbering over; a cleared journal and a loaded state go on with it.
        let next = action == .reset ? 1 : 3

        // The live subscriber hears what happened, then the new entry with its id in the new epoch.
        if action == .loadState {
            XCTAssertNotNil(live.next("state"), label)
            XCTAssertEqual(live.next("entry")?.id, "\(oldEpoch):3", label)
        } else {
            let reset = try XCTUnwrap(live.next("reset"), label)
            XCTAssertEqual(reset.json?["cause"]?.stringValue, action == .reset ? "reset" : "journalCleared", label)
            let newEpoch = try XCTUnwrap(reset.json?["epoch"]?.stringValue, label)
            XCTAssertNotEqual(newEpoch, oldEpoch, label)
            XCTAssertEqual(reset.id, "\(newEpoch):\(next - 1)", label)
            XCTAssertEqual(live.next("entry")?.id, "\(newEpoch):\(next)", label)
        }
        XCTAssertEqual(live.sequences, [next], label)

        // ?since=, Last-Event-ID and a reader reconnecting from its last id: the old position.
        let resumed = [
            try EventStreamReader(port: port, path: "\(prefix)/__pushfake/events?since=\(lastID)"),
            try EventStreamReader(port: port, path: "\(prefix)/__pushfake/events", headers: ["Last-Event-ID": lastID]),
        ]
        for reader in resumed {
            XCTAssertTrue(reader.read(until: { _ in reader.sequences.contains(next) }), "\(label): \(reader.events)")
            XCTAssertEqual(reader.sequences, [next], label)
            let told = reader.events.first { $0.name == "reset" }
            if action == .loadState {
                XCTAssertNil(told, "the position is still good after a loaded state: \(label)")
                XCTAssertEqual(reader.events.first?.id, lastID, label)
            } else {
                XCTAssertEqual(told?.json?["cause"]?.stringValue, "epochChanged", label)
                XCTAssertNil(reader.events.first?.id, "no position before the reset: \(label)")
            }
        }
        try register("D")
        for reader in [live] + resumed {
            XCTAssertTrue(reader.read(until: { _ in reader.sequences.last == next + 1 }), "\(label): \(reader.events)")
        }
    }

    func test_deliveries_reachAReplayingSubscriber_whenALoadedStateGivesTheirIdsAgain() throws {
        let client = try LoopbackHTTPClient(port: port)
        client.send(Self.registerRequest())
        XCTAssertEqual(client.readResponse()?.status, 200)
        let state = try XCTUnwrap(client.request("GET", "/__pushfake/state")?.text)
        XCTAssertEqual(client.request("POST", "/TPNS/api/pushnotifications", body: send)?.status, 200)
        // The replay carries delivery 3000000000000001.
        let reader = try EventStreamReader(port: port, path: "/__pushfake/events?since=0")
        XCTAssertEqual(reader.next("delivery")?.json?["id"]?.stringValue, "3000000000000001")

        XCTAssertEqual(client.request("PUT", "/__pushfake/state", body: state)?.status, 200)
        XCTAssertEqual(client.request("POST", "/TPNS/api/pushnotifications", body: send)?.status, 200)

        XCTAssertNotNil(reader.next("state"))
        XCTAssertEqual(
            reader.next("delivery")?.json?["id"]?.stringValue, "3000000000000001",
            "the id the loaded state gives again is a new delivery: \(reader.events)")
    }

    func test_bareSince_pastTheJournalsEnd_isAnOlderEpoch() throws {
        let client = try LoopbackHTTPClient(port: port)
        for _ in 0..<3 {
            client.send(Self.registerRequest())
            XCTAssertEqual(client.readResponse()?.status, 200)
        }
        XCTAssertEqual(client.request("POST", "/__pushfake/reset")?.status, 200)
        client.send(Self.registerRequest())
        XCTAssertEqual(client.readResponse()?.status, 200)

        // What an EventSource of a page opened before ids had epochs would send.
        let reader = try EventStreamReader(port: port, headers: ["Last-Event-ID": "3"])

        XCTAssertTrue(reader.read(until: { _ in reader.sequences == [1] }), "\(reader.events)")
        XCTAssertEqual(reader.events.first { $0.name == "reset" }?.json?["cause"], "epochChanged")
    }
}
