import PushFakeCore
import PushFakeTestSupport
import XCTest

final class JournalTests: XCTestCase {
    func test_journal_recordsEveryField_whenRequestHandled() throws {
        let fake = PushFake()
        fake.send(
            "POST", "/TPNS/api/device/register?trace=1",
            json: #"{"deviceId":"D","applicationKey":"k","applicationType":"AOS","deviceRegistrationId":"t"}"#,
            headers: ["Content-Type": "application/json"])
        let entry = try XCTUnwrap(fake.journal.entries.first)
        XCTAssertEqual(entry.sequence, 1)
        XCTAssertEqual(entry.time, FakeClock.defaultEpoch)
        XCTAssertEqual(entry.request.method, "POST")
        XCTAssertEqual(entry.request.path, "/TPNS/api/device/register")
        XCTAssertEqual(entry.request.query, "trace=1")
        XCTAssertEqual(entry.request.headers["content-type"], "application/json")
        XCTAssertEqual(entry.body?["deviceId"], "D")
        XCTAssertEqual(entry.route?.template, "/TPNS/api/device/register")
        XCTAssertEqual(entry.vendor, .tpns)
        XCTAssertEqual(entry.app, "k")
        XCTAssertEqual(entry.device, "D")
        XCTAssertNil(entry.fault)
        XCTAssertEqual(entry.status, 200)
        XCTAssertEqual(entry.responseBody?["deviceId"], "D")
    }

    func test_entriesMatching_filtersByOperationAndBodyField_whenQueried() {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "a", type: "IOS")
        fake.tpnsRegister(deviceId: "b", type: "AOS")
        fake.tpnsUnregister(deviceId: "a")
        XCTAssertEqual(fake.entries(matching: .tpns(.register)).count, 2)
        XCTAssertEqual(fake.entries(matching: .tpns(.register).bodyField("applicationType", equals: "AOS")).count, 1)
        XCTAssertEqual(fake.entries(matching: .any.device("a")).map(\.sequence), [1, 3])
        XCTAssertEqual(fake.entries(matching: .any.status(200)).count, 3)
    }

    func test_clearJournal_keepsStateAndSequence_whenCalled() {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "a")
        fake.tpnsRegister(deviceId: "b")
        fake.clearJournal()
        XCTAssertTrue(fake.journal.entries.isEmpty)
        XCTAssertEqual(fake.tpnsDevices().map(\.deviceId), ["a", "b"])
        fake.tpnsUnregister(deviceId: "a")
        XCTAssertEqual(fake.journal.entries.map(\.sequence), [3])
        XCTAssertEqual(fake.journal.totalCount, 3)
        fake.reset()
        fake.tpnsRegister(deviceId: "c")
        XCTAssertEqual(fake.journal.entries.map(\.sequence), [1], "a reset starts numbering over")
    }

    func test_boundedJournal_dropsOldestAndCounts_whenLimitExceeded() {
        let fake = PushFake(PushFakeConfiguration(journalLimit: 3))
        for index in 1...5 { fake.tpnsRegister(deviceId: "d\(index)") }
        let journal = fake.journal
        XCTAssertEqual(journal.entries.map(\.sequence), [3, 4, 5])
        XCTAssertEqual(journal.droppedCount, 2)
        XCTAssertEqual(journal.totalCount, 5)
        XCTAssertEqual(journal.count, 3)
    }

    func test_reset_clearsJournalStoreAndFaults_whenCalled() {
        let fake = PushFake()
        fake.tpnsRegister()
        fake.inject(.status(500), scope: .always)
        fake.advanceClock(by: 60)
        fake.reset()
        XCTAssertTrue(fake.journal.entries.isEmpty)
        XCTAssertTrue(fake.tpnsDevices().isEmpty)
        XCTAssertTrue(fake.faultRules.isEmpty)
        XCTAssertEqual(fake.now, FakeClock.defaultEpoch)
        XCTAssertEqual(fake.tpnsRegister().response.status, 200)
        XCTAssertEqual(fake.journal.entries.first?.sequence, 1)
    }

    func test_clock_movesOnlyWhenTold_whenFixed() {
        let fake = PushFake()
        fake.tpnsRegister()
        fake.advanceClock(by: 90)
        fake.tpnsRegister()
        fake.setClock(to: Date(timeIntervalSince1970: 0))
        fake.tpnsRegister()
        XCTAssertEqual(
            fake.journal.entries.map(\.time),
            [FakeClock.defaultEpoch, FakeClock.defaultEpoch.addingTimeInterval(90), Date(timeIntervalSince1970: 0)])
    }

    func test_sameSeedSameTraffic_givesIdenticalResponsesAndJournal_whenReplayed() {
        func run(seed: UInt64) -> [String] {
            let fake = PushFake(PushFakeConfiguration(seed: seed))
            fake.tpnsRegister(deviceId: "a", type: "AOS")
            let send = fake.send(
                "POST", "/api/pushnotifications",
                json: #"[{"message":"m","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["AOS"]}]"#)
            return [send.bodyText] + fake.journal.entries.map { "\($0)" } + fake.deliveries.map(\.id)
        }
        XCTAssertEqual(run(seed: 5), run(seed: 5))
        XCTAssertNotEqual(run(seed: 5), run(seed: 6))
    }

    func test_observer_seesEachEntry_whenRequestsHandled() {
        let fake = PushFake()
        let seen = Locked<[Int]>([])
        let token = fake.addObserver { entry in seen.withLock { $0.append(entry.sequence) } }
        fake.tpnsRegister()
        fake.tpnsRegister()
        fake.removeObserver(token)
        fake.tpnsRegister()
        XCTAssertEqual(seen.withLock { $0 }, [1, 2])
    }
}
