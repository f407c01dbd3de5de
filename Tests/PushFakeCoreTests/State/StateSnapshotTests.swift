import Foundation
import PushFakeCore
import XCTest

/// State dump and load (issue 9): byte-identical round trips, ids that continue, all-or-nothing errors.
final class StateSnapshotTests: XCTestCase {
    func test_dumpLoadDump_isByteIdentical_afterARichScenario() throws {
        let original = StateScenario.build()
        let dump = original.stateSnapshot()
        let loaded = PushFake(StateScenario.configuration)
        try loaded.loadState(dump)
        XCTAssertEqual(loaded.stateSnapshot().serializedString(), dump.serializedString())
        // through text as well, as a file or an HTTP body carries it
        let again = PushFake(StateScenario.configuration)
        try again.loadState(try JSON.parse(dump.serializedString()))
        XCTAssertEqual(again.stateSnapshot().serializedString(), dump.serializedString())
        // the scenario reached every part of the document
        XCTAssertEqual(dump["vendors"]?["tpns"]?["devices"]?.arrayValue?.count, 7)
        XCTAssertEqual(dump["vendors"]?["twinPush"]?["devices"]?.arrayValue?.count, 4)
        XCTAssertEqual(dump["vendors"]?["twinPush"]?["notifications"]?.arrayValue?.count, 6)
        XCTAssertEqual(dump["vendors"]?["twinPush"]?["inbox"]?.arrayValue?.count, 3)
        XCTAssertEqual(dump["faults"]?.arrayValue?.count, 2)
        XCTAssertEqual(dump["clock"], ["mode": "fixed", "now": "2026-01-01T00:30:00.250Z"])
        XCTAssertEqual(dump["apps"], ["tpns": ["FLAGKEY"], "twinPush": []])
        XCTAssertTrue(dump["deliveries"]?.arrayValue?.contains { $0["status"] == "failed" } ?? false)
    }

    func test_laterIds_continueAsInAFakeThatNeverDumped() throws {
        let original = StateScenario.build()
        let loaded = PushFake(StateScenario.configuration)
        try loaded.loadState(original.stateSnapshot())
        let expected = StateScenario.continueTraffic(original)
        XCTAssertEqual(StateScenario.continueTraffic(loaded), expected)
        XCTAssertEqual(loaded.stateSnapshot().serializedString(), original.stateSnapshot().serializedString())
        let dump = original.stateSnapshot()
        XCTAssertEqual(dump["ids"]?["counters"]?["twinPushNotification"], 8, "ids counted on after the dump")
        XCTAssertEqual(
            dump["vendors"]?["twinPush"]?["notifications"]?[5]?["status"], "sent", "the scheduled send fell due")
    }

    func test_load_keepsTheJournal_andReplacesEverythingElse() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "old")
        fake.inject(.status(500))
        try fake.loadState(["version": 1])
        XCTAssertEqual(fake.journal.count, 1, "the journal is not part of the state")
        XCTAssertTrue(fake.tpnsDevices().isEmpty)
        XCTAssertTrue(fake.faultRules.isEmpty)
        XCTAssertEqual(fake.stateSnapshot(), PushFake().stateSnapshot())
        XCTAssertEqual(fake.tpnsRegister().response.status, 200)
    }
}

/// Alias targets are reached in registration order, whenever each device took the alias, so a state document that
/// lists devices in registration order rebuilds the same order.
final class AliasOrderTests: XCTestCase {
    func test_aliasTargets_areReachedInRegistrationOrder_whenAliasesWereTakenLater() throws {
        let client = TwinPushTestClient(fake: PushFake())
        let first = client.registerIOS(udid: "U1")
        let second = client.registerIOS(udid: "U2", alias: "ana")
        client.registerIOS(udid: "U1", alias: "ana")
        _ = client.notify(#"{"alert":"Hi","devices_aliases":["ana"]}"#)
        XCTAssertEqual(client.fake.deliveries.map(\.deviceID), [first, second])
        let loaded = PushFake()
        try loaded.loadState(client.fake.stateSnapshot())
        _ = TwinPushTestClient(fake: loaded).notify(#"{"alert":"Again","devices_aliases":["ana"]}"#)
        XCTAssertEqual(loaded.deliveries.suffix(2).map(\.deviceID), [first, second])
    }
}
