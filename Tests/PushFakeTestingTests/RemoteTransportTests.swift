import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `.remote(URL)`: the fixture on an instance of a server that runs outside the test (here an in-process server
/// standing in for `pushfake serve`), driven over the admin API.
@Suite struct RemoteTransportTests {
    private static let register =
        #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"testApp","applicationType":"IOS"}"#

    static func register(_ fake: RunningPushFake, device: String = "D1") async throws -> Int {
        let body =
            #"{"deviceId":"\#(device)","deviceRegistrationId":"ab","applicationKey":"testApp","applicationType":"IOS"}"#
        let (status, _) = try await Scenarios.send(
            fake.makeURLSession(), fake.tpnsBaseURL.appendingPathComponent("api/device/register"), method: "POST",
            body: body)
        return status
    }

    /// The instances the server lists, by id.
    private static func instanceIDs(_ url: URL) async throws -> [String] {
        let (status, body) = try await Scenarios.send(
            URLSession(configuration: .ephemeral), url.appendingPathComponent("__pushfake/instances"), method: "GET")
        #expect(status == 200)
        return body?["instances"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    // MARK: The fixture's API over the admin API

    @Test func remote_servesURLsAssertionsAndRecording_onItsInstance() async throws {
        try await RemoteServer.with { url, server in
            try await withPushFake(.remote(url)) { fake in
                let base = url.absoluteString + "/i/1"
                #expect(fake.transport == .remote(url))
                #expect(fake.baseURL.absoluteString == base)
                #expect(fake.tpnsBaseURL.absoluteString == base + "/TPNS")
                #expect(fake.twinPushBaseURL.absoluteString == base + "/api/v2")
                #expect(fake.adminURL.absoluteString == base + "/__pushfake")
                #expect(
                    fake.launchEnvironment == [
                        "PUSHFAKE_URL": base, "PUSHFAKE_TPNS_URL": base + "/TPNS",
                        "PUSHFAKE_TWINPUSH_URL": base + "/api/v2", "PUSHFAKE_ADMIN_URL": base + "/__pushfake",
                    ])
                #expect(fake.launchArguments.prefix(4) == ["-PushFakeURL", base, "-PushFakeTPNSURL", base + "/TPNS"])

                try await Scenarios.tpnsRegisterAndSend(fake)
                fake.assertRequested(.tpns(.register), count: .exactly(2))
                fake.assertInOrder([.tpns(.register), .tpns(.pushNotifications), .tpns(.unregister)])
                fake.assertDelivered(["aps": ["alert": "Test"]], to: Scenarios.deviceID)
                try fake.assertMatchesRecording("fixtures/recordings/tpns-register-and-send.jsonl")
                #expect(fake.entries(matching: .tpns(.pushNotifications)).count == 1)
                #expect(fake.deliveries(to: Scenarios.deviceID).count == 1)
                let sendID = try #require(fake.deliveries.first?.notificationID)
                #expect(fake.deliveries(ofNotification: sendID).count == 1)
                // The copy behind `engine` and the dynamic members has the instance's state.
                #expect(fake.engine.tpnsDevices().map(\.deviceId) == [Scenarios.deviceID])
                #expect(fake.journalUsage.totalCount == 4)
                // The server's own engine saw none of it.
                #expect(server.fake.journal.count == 0)
            }
        }
    }

    /// Runs `body` on a live fake, a URLProtocol fake and an instance of a separate server.
    private static func onEveryTransport(
        strict: Bool = true, _ body: (RunningPushFake) async throws -> Void
    ) async throws {
        for transport in PushFakeTransport.allCases {
            try await withPushFake(transport, strict: strict) { fake in try await body(fake) }
        }
        try await RemoteServer.with { url, _ in
            try await withPushFake(.remote(url), strict: strict) { fake in try await body(fake) }
        }
    }

    @Test func everyTransport_injectsFaultsMovesTheClockAndResets_alike() async throws {
        try await Self.onEveryTransport(strict: false) { fake in
            let id = fake.inject(.status(503), when: .tpns(.register).device("D1"), scope: .once)
            #expect(id == "fault-1")
            #expect(fake.faultRules.map(\.id) == ["fault-1"])
            let first = try await Self.register(fake)
            let retry = try await Self.register(fake)
            #expect(first == 503)
            #expect(retry == 200)
            fake.assertRequested(.tpns(.register).faulted(), count: .once)

            fake.inject(.status(500), when: .tpns(.register), scope: .always)
            #expect(fake.removeFault(id: "fault-2"))
            #expect(!fake.removeFault(id: "fault-2"))
            fake.inject(.status(500), when: .tpns(.register), scope: .always)
            fake.removeAllFaults()
            #expect(fake.faultRules.isEmpty)
            let unfaulted = try await Self.register(fake)
            #expect(unfaulted == 200)
            fake.clearJournal()
            #expect(fake.journal.count == 0)
            #expect(fake.journal.totalCount == 3)

            #expect(fake.now == FakeClock.defaultEpoch)
            #expect(fake.advanceClock(by: 90))
            #expect(fake.now == FakeClock.defaultEpoch.addingTimeInterval(90))
            let later = Date(timeIntervalSince1970: 1_800_000_000)
            #expect(fake.setClock(to: later))
            #expect(fake.now == later)
            // Outside 1970…9999: refused, nothing changes.
            #expect(!fake.setClock(to: Date(timeIntervalSince1970: -10)))
            #expect(!fake.advanceClock(by: .infinity))
            #expect(fake.now == later)

            fake.reset()
            #expect(fake.journal.count == 0)
            #expect(fake.faultRules.isEmpty)
            #expect(fake.now == FakeClock.defaultEpoch)
        }
    }

    @Test func remote_createsTheInstanceFromTheConfiguration() async throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var configuration = PushFakeConfiguration(
            seed: 7, clockStart: start, stateChecks: true, journalLimit: 2, tpnsApps: ["testApp"])
        configuration.twinPushApps = [Scenarios.twinPushApp]
        try await RemoteServer.with { url, _ in
            try await withPushFake(.remote(url), configuration: configuration, strict: false) { fake in
                #expect(fake.now == start)
                #expect(fake.apps["tpns"] == ["testApp"])
                #expect(fake.apps["twinPush"]?[0]?["id"] == .string(Scenarios.twinPushApp.id))
                for device in ["D1", "D2", "D3"] { _ = try await Self.register(fake, device: device) }
                let journal = fake.journal
                #expect(journal.count == 2)
                #expect(journal.totalCount == 3)
                #expect(journal.droppedCount == 1)
                #expect(journal.entries.map(\.sequence) == [2, 3])
            }
            var refused = PushFakeConfiguration()
            refused.tpnsRequireRegistrationID = true
            await #expect(throws: PushFakeError.self) {
                try await withPushFake(.remote(url), configuration: refused) { _ in }
            }
            let remaining = try await Self.instanceIDs(url)
            #expect(remaining.isEmpty)
        }
    }

    // MARK: Isolation, lifetime, errors

    @Test func remote_isolatesParallelFixtures_onOneServer() async throws {
        try await RemoteServer.with { url, _ in
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        try await withPushFake(
                            .remote(url), configuration: Scenarios.twinPushConfiguration, strict: false
                        ) { fake in
                            let devices = (0...index).map { "P\(index)-\($0)" }
                            // Only this fixture's first device is refused: a rule of another never applies here.
                            fake.inject(.status(503), when: .tpns(.register).device(devices[0]), scope: .always)
                            var statuses: [Int] = []
                            for device in devices { statuses.append(try await Self.register(fake, device: device)) }
                            fake.advanceClock(by: Double(index) * 10)
                            let session = fake.makeURLSession()
                            let twinPushID = try await Scenarios.twinPushDevice(.iOS, fake, session)
                                .register(alias: "a\(index)", apnsToken: Scenarios.token)
                            let journal = fake.journal
                            let seen = Set(journal.entries.compactMap(\.device))
                            // Ids count per instance: every instance's first TwinPush device gets the same id.
                            // Checked in steps: Swift 6.0 type-checks one long && chain too slowly.
                            let expectedStatuses = [503] + Array(repeating: 200, count: index)
                            let ownTraffic = journal.count == index + 2 && seen == Set(devices + [twinPushID])
                            let ownIDs = twinPushID == "1000000000000001"
                            let ownClock = fake.now == FakeClock.defaultEpoch.addingTimeInterval(Double(index) * 10)
                            let ownFaults = fake.faultRules.count == 1
                            return statuses == expectedStatuses && ownTraffic && ownIDs && ownClock && ownFaults
                        }
                    }
                }
                var isolated = 0
                for try await ok in group where ok { isolated += 1 }
                #expect(isolated == 6)
            }
            let remaining = try await Self.instanceIDs(url)
            #expect(remaining.isEmpty)
        }
    }

    @Test func remote_deletesTheInstance_whenTheBodyReturnsOrThrows() async throws {
        struct Boom: Error {}
        try await RemoteServer.with { url, server in
            let (returned, listedInside) = try await withPushFake(.remote(url)) { fake in
                (fake.tpnsBaseURL, try await Self.instanceIDs(url))
            }
            #expect(listedInside == ["1"])
            let afterReturn = try await Self.instanceIDs(url)
            #expect(afterReturn.isEmpty)
            // The instance's paths are gone with it: an unknown route of the server, journaled there.
            let (status, _) = try await Scenarios.send(
                URLSession(configuration: .ephemeral), returned.appendingPathComponent("api/device/register"),
                method: "POST", body: Self.register)
            #expect(status == 404)
            #expect(server.fake.journal.count == 1)

            var thrownFrom: URL?
            do {
                try await withPushFake(.remote(url)) { fake in
                    thrownFrom = fake.baseURL
                    throw Boom()
                }
                Issue.record("expected the error to propagate")
            } catch is Boom {}
            #expect(thrownFrom?.lastPathComponent == "2")
            let afterThrow = try await Self.instanceIDs(url)
            #expect(afterThrow.isEmpty)

            let fake = try RunningPushFake.start(.remote(url))
            let whileRunning = try await Self.instanceIDs(url)
            #expect(whileRunning == ["3"])
            fake.stop()
            fake.stop()
            let afterStop = try await Self.instanceIDs(url)
            #expect(afterStop.isEmpty)
        }
    }

    @Test func remote_namesTheURLAndTheToken_whenTheServerRefusesTheAdminToken() async throws {
        var configuration = ServerConfiguration()
        configuration.adminAccess = AdminAccess(token: "s3cret")
        try await RemoteServer.with(configuration) { url, server in
            for token in ["wrong", nil] {
                do {
                    try await withPushFake(.remote(url, adminToken: token)) { _ in }
                    Issue.record("expected the server to refuse token \(token ?? "nil")")
                } catch let error as PushFakeRemoteError {
                    #expect(error.status == 403)
                    #expect(error.url.absoluteString == url.absoluteString + "/__pushfake/instances")
                    #expect(error.description.contains("PushFake at \(url.absoluteString)/__pushfake/instances"))
                    #expect(error.description.contains("admin token"))
                    #expect(error.description.contains("adminToken:"))
                }
            }
            #expect(server.instances.all.isEmpty)
            // With the right token every call carries it.
            try await withPushFake(.remote(url, adminToken: "s3cret")) { fake in
                fake.inject(.status(500), when: .tpns(.register))
                let status = try await Self.register(fake)
                #expect(status == 500)
                fake.assertRequested(.tpns(.register).status(500))
                #expect(fake.advanceClock(by: 1))
                try await fake.waitFor(.tpns(.register), timeout: 30)
            }
            #expect(server.instances.all.isEmpty)
        }
    }

    @Test func remote_takesTheAdminToken_fromTheTransportOrTheEnvironment() {
        #expect(RemoteAdminToken.resolve(given: "a", environment: ["PUSHFAKE_ADMIN_TOKEN": "b"]) == "a")
        #expect(RemoteAdminToken.resolve(given: nil, environment: ["PUSHFAKE_ADMIN_TOKEN": "b"]) == "b")
        #expect(RemoteAdminToken.resolve(given: nil, environment: ["PUSHFAKE_ADMIN_TOKEN": ""]) == nil)
        #expect(RemoteAdminToken.resolve(given: nil, environment: [:]) == nil)
    }

    @Test func remote_namesTheURL_whenNoServerListens() async throws {
        let url = try await RemoteServer.with { url, _ in url }
        do {
            _ = try RunningPushFake.start(.remote(url))
            Issue.record("expected no server at \(url)")
        } catch let error as PushFakeRemoteError {
            #expect(error.status == nil)
            #expect(error.url.absoluteString == url.absoluteString + "/__pushfake/instances")
            #expect(error.description.contains("cannot reach the server"))
            #expect(error.description.contains("pushfake serve"))
        }
    }

    @Test func remote_reportsAFailureNamingTheURL_whenTheServerGoesAway() async throws {
        let server = PushFakeServer()
        try server.start()
        let fake = try RunningPushFake.start(.remote(server.baseURL))
        server.stop()
        withKnownIssue {
            #expect(fake.journal.count == 0)
            fake.stop()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("PushFake at \(server.baseURL.absoluteString)/i/1/__pushfake/journal")
                || text.contains("PushFake at \(server.baseURL.absoluteString)/__pushfake/instances/1")
        }
    }
}
