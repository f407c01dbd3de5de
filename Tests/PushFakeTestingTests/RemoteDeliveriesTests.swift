import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `.remote` deliveries: the server selects a device's (and a vendor's) deliveries, and every listing — deliveries
/// and the journal — is read page by page, so no answer carries every delivery or entry of the instance.
@Suite struct RemoteDeliveriesTests {
    /// The query of each `GET …/__pushfake/deliveries` (or `listing`) a server received, in order.
    typealias Queries = Locked<[[String: String]]>

    /// An in-process server standing in for `pushfake serve` that notes the query of every request for `listing`
    /// before answering it as usual, or with `answer` when given.
    private static func withServer(
        noting queries: Queries, listing: String = "deliveries", answer: FakeResponse? = nil,
        _ body: (_ url: URL, _ server: PushFakeServer) async throws -> Void
    ) async throws {
        let server = PushFakeServer { request in
            guard request.method == "GET", request.path.hasSuffix("/__pushfake/" + listing) else { return nil }
            let items = URLComponents(string: "?" + request.query)?.queryItems ?? []
            queries.withLock { $0.append(Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }) }
            return answer.map { .response($0) }
        }
        try server.start()
        defer { server.stop() }
        try await body(server.baseURL, server)
    }

    /// Seven deliveries to four devices of two vendors, `shared` getting one of each vendor: TPNS `one` to D1, D2,
    /// D3; TwinPush to `shared` (a TwinPush device id, also registered as a TPNS device); TPNS `two` to `shared` and
    /// D1; TPNS `three` to D1. Returns `shared`.
    private static func sendToDevicesOfBothVendors(_ fake: RunningPushFake) async throws -> String {
        let session = fake.makeURLSession()
        defer { session.finishTasksAndInvalidate() }
        let shared = try await Scenarios.twinPushDevice(.iOS, fake, session).register(
            alias: "ana", apnsToken: Scenarios.token)
        for device in ["D1", "D2", "D3", shared] {
            #expect(try await RemoteTransportTests.register(fake, device: device) == 200)
        }
        let send = fake.tpnsBaseURL.appendingPathComponent("api/pushnotifications")
        func tpns(_ message: String, to devices: [String]) async throws {
            let ids = devices.map { "\"\($0)\"" }.joined(separator: ",")
            let body =
                #"[{"message":"\#(message)","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"],"deviceIds":[\#(ids)]}]"#
            let (status, _) = try await Scenarios.send(session, send, method: "POST", body: body)
            #expect(status == 200)
        }
        try await tpns("one", to: ["D1", "D2", "D3"])
        _ = try await Scenarios.twinPushBackend(fake, session).createNotification(
            ["devices_ids": [.string(shared)], "alert": "tw"])
        try await tpns("two", to: [shared, "D1"])
        try await tpns("three", to: ["D1"])
        return shared
    }

    private static func alerts(_ deliveries: [Delivery]) -> [String] {
        deliveries.map { $0.payloadJSON?["aps"]?["alert"]?.stringValue ?? "?" }
    }

    @Test func remote_deliveriesToADevice_areSelectedByTheServer_amongDevicesAndVendors() async throws {
        let queries = Queries([])
        try await Self.withServer(noting: queries) { url, _ in
            try await withPushFake(.remote(url), configuration: Scenarios.twinPushConfiguration) { fake in
                let shared = try await Self.sendToDevicesOfBothVendors(fake)
                queries.withLock { $0.removeAll() }

                let toD1 = fake.deliveries(to: "D1")
                #expect(Self.alerts(toD1) == ["one", "two", "three"])
                #expect(toD1.allSatisfy { $0.deviceID == "D1" && $0.vendor == .tpns })
                #expect(fake.deliveries(to: "D2").map(\.deviceID) == ["D2"])
                #expect(fake.deliveries(to: shared).map(\.vendor) == [.twinPush, .tpns])
                let tpnsToShared = fake.deliveries(to: shared, vendor: .tpns)
                #expect(Self.alerts(tpnsToShared) == ["two"])
                #expect(fake.deliveries(to: shared, vendor: .twinPush).map(\.vendor) == [.twinPush])
                #expect(fake.deliveries(to: "D1", vendor: .twinPush).isEmpty)
                // A vendor is its exact name, as on the other transports (the server would take it in any case).
                #expect(fake.deliveries(to: "D1", vendor: Vendor("TPNS")).isEmpty)
                #expect(fake.deliveries(to: "nobody").isEmpty)
                #expect(fake.deliveries(to: "").isEmpty)

                // Each call was one filtered request: the server selected, and nothing else travelled.
                let page = String(PageCursor.maximumLimit)
                #expect(
                    queries.withLock { $0 } == [
                        ["device": "D1", "limit": page],
                        ["device": "D2", "limit": page],
                        ["device": shared, "limit": page],
                        ["device": shared, "vendor": "tpns", "limit": page],
                        ["device": shared, "vendor": "twinPush", "limit": page],
                        ["device": "D1", "vendor": "twinPush", "limit": page],
                        ["device": "D1", "vendor": "TPNS", "limit": page],
                        ["device": "nobody", "limit": page],
                    ])
                // The assertion reads the device's deliveries only.
                queries.withLock { $0.removeAll() }
                fake.assertDelivered(["aps": ["alert": "three"]], to: "D1", vendor: .tpns)
                #expect(queries.withLock { $0 } == [["device": "D1", "vendor": "tpns", "limit": page]])
            }
        }
    }

    @Test func remote_readsAListingLongerThanAPage_wholeAndInOrder() async throws {
        let queries = Queries([])
        try await Self.withServer(noting: queries) { url, server in
            try await withPushFake(.remote(url), configuration: Scenarios.twinPushConfiguration) { fake in
                _ = try await Self.sendToDevicesOfBothVendors(fake)
                let instance = try #require(server.instances.all.first?.fake)
                let all = instance.deliveries
                #expect(all.count == 7)
                queries.withLock { $0.removeAll() }

                RemoteListing.$pageSize.withValue(2) {
                    #expect(fake.deliveries.map(\.id) == all.map(\.id))
                    // Four pages of two, each starting after the last one's last delivery.
                    #expect(queries.withLock { $0 }.map { $0["since"] } == [nil, "2", "4", "6"])
                    #expect(queries.withLock { $0 }.allSatisfy { $0["limit"] == "2" })

                    queries.withLock { $0.removeAll() }
                    let toD1 = fake.deliveries(to: "D1")
                    #expect(toD1.map(\.id) == all.filter { $0.deviceID == "D1" }.map(\.id))
                    #expect(Self.alerts(toD1) == ["one", "two", "three"])
                    // D1's deliveries are the 1st, 6th and 7th: the second page starts after the 6th.
                    #expect(queries.withLock { $0 }.map { $0["since"] } == [nil, "6"])

                    let sendID = all[0].notificationID
                    #expect(
                        fake.deliveries(ofNotification: sendID).map(\.id)
                            == all.filter { $0.notificationID == sendID }.map(\.id))
                    #expect(fake.deliveries(ofNotification: sendID).map(\.deviceID) == ["D1", "D2", "D3"])
                }
            }
        }
    }

    @Test func remote_reportsAnAnswerWhoseNextDoesNotMoveOn_insteadOfAskingForever() async throws {
        let queries = Queries([])
        let stuck = FakeResponse.json(200, ["deliveries": [], "count": 0, "next": 0])
        try await Self.withServer(noting: queries, answer: stuck) { url, _ in
            let fake = try RunningPushFake.start(.remote(url))
            defer { fake.stop() }
            withKnownIssue {
                #expect(fake.deliveries.isEmpty)
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains(
                    "deliveries: GET: unreadable answer (a page of 0 deliveries after since=0 whose next, 0, does not "
                        + "move on)")
            }
            #expect(queries.withLock { $0 }.count == 1)
        }
    }

    @Test func remote_readsAJournalLongerThanAPage_wholeAndInOrder_blockingOrNot() async throws {
        let queries = Queries([])
        try await Self.withServer(noting: queries, listing: "journal") { url, server in
            try await withPushFake(.remote(url), configuration: Scenarios.twinPushConfiguration) { fake in
                _ = try await Self.sendToDevicesOfBothVendors(fake)
                let instance = try #require(server.instances.all.first?.fake)
                let all = instance.journal.entries
                #expect(all.count == 9)
                // Five pages of two, each starting after the last one's last entry.
                let cursors = [nil] + stride(from: 1, to: all.count, by: 2).map { "\(all[$0].sequence)" }
                #expect(cursors.count == 5)

                await RemoteListing.$pageSize.withValue(2) {
                    queries.withLock { $0.removeAll() }
                    let blocking = fake.journal
                    #expect(blocking.entries.map(\.sequence) == all.map(\.sequence))
                    #expect(blocking.totalCount == instance.journal.totalCount)
                    #expect(queries.withLock { $0 }.map { $0["since"] } == cursors)
                    #expect(queries.withLock { $0 }.allSatisfy { $0["limit"] == "2" })

                    queries.withLock { $0.removeAll() }
                    let suspending = await fake.currentJournal()
                    #expect(suspending.entries.map(\.sequence) == all.map(\.sequence))
                    #expect(queries.withLock { $0 }.map { $0["since"] } == cursors)
                }
            }
        }
    }

    @Test func remote_reportsAJournalPageWhoseNextDoesNotMoveOn_insteadOfAskingForever() async throws {
        let queries = Queries([])
        let stuck = FakeResponse.json(200, ["entries": [], "count": 0, "total": 0, "dropped": 0, "next": 0])
        try await Self.withServer(noting: queries, listing: "journal", answer: stuck) { url, _ in
            let fake = try RunningPushFake.start(.remote(url))
            defer { fake.stop() }
            withKnownIssue {
                #expect(fake.journal.entries.isEmpty)
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains(
                    "journal: GET: unreadable answer (a page of 0 entries after since=0 whose next, 0, does not move "
                        + "on)")
            }
            #expect(queries.withLock { $0 }.count == 1)
        }
    }
}
