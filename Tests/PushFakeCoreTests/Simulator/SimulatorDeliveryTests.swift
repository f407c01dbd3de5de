import Foundation
import PushFakeTestSupport
import XCTest

@testable import PushFakeCore

/// iOS deliveries as `.apns` files and `xcrun simctl push` calls (FakeBehaviour.md, "Simulator delivery").
final class SimulatorDeliveryTests: XCTestCase {
    private var directory: URL!
    private var standIns: [StandInXcrun] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushfake-apns-test-\(UUID().uuidString)", isDirectory: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        for standIn in standIns { standIn.remove() }
    }

    private func engine(simulator: String? = nil, xcrun: StandInXcrun? = nil) -> PushFake {
        var configuration = PushFakeConfiguration(seed: 3)
        configuration.simulatorDelivery = SimulatorDelivery(
            bundleID: "com.example.app", simulator: simulator, directory: directory, xcrun: xcrun?.path ?? "xcrun")
        return PushFake(configuration)
    }

    private func standIn(exitStatus: Int32 = 0, stderr: String = "") throws -> StandInXcrun {
        let standIn = try StandInXcrun(exitStatus: exitStatus, stderr: stderr)
        standIns.append(standIn)
        return standIn
    }

    private func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    private func contents(_ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) ?? Data())
    }

    func test_document_keepsEveryPayloadByteAndAddsTheBundleFirst() throws {
        let payload = Array(#"{"aps":{"alert":{"title":"Hi","body":"there"},"badge":3},"k":"v"}"#.utf8)
        let document = try XCTUnwrap(APNsFile.document(payload: payload, bundleID: "com.example.app"))
        XCTAssertEqual(
            String(decoding: document, as: UTF8.self),
            #"{"Simulator Target Bundle":"com.example.app","aps":{"alert":{"title":"Hi","body":"there"},"badge":3},"k":"v"}"#
        )
        let parsed = try JSON.parse(document)
        XCTAssertEqual(parsed["Simulator Target Bundle"], "com.example.app")
        XCTAssertEqual(parsed.removing("Simulator Target Bundle"), try JSON.parse(payload))
    }

    func test_document_isNilForAPayloadThatIsNotAnObject_andValidForAnEmptyOne() {
        XCTAssertNil(APNsFile.document(payload: Array("[1]".utf8), bundleID: "b"))
        XCTAssertNil(APNsFile.document(payload: Array("{not json".utf8), bundleID: "b"))
        XCTAssertEqual(
            APNsFile.document(payload: Array(" { } ".utf8), bundleID: "b").map { String(decoding: $0, as: UTF8.self) },
            #" {"Simulator Target Bundle":"b" } "#)
    }

    func test_name_numbersTheFileAndKeepsOnlySafeCharactersOfTheDevice() {
        let delivery = Delivery(
            id: "1", vendor: .twinPush, app: "a", notificationID: "n", deviceID: "A/B ..é", platform: .ios,
            token: nil, payload: [], createdAt: Date())
        XCTAssertEqual(APNsFile.name(number: 7, delivery: delivery), "000007-twinpush-A_B_.._.apns")
    }

    func test_apnsDir_writesEachIOSDeliveryInOrder_andNoAndroidOne() throws {
        // GIVEN an engine writing .apns files, with two iOS devices and an Android one
        let client = TwinPushTestClient(fake: engine())
        let first = client.registerIOS(udid: "ios-1")
        client.registerAndroid(udid: "android-1")
        let second = client.registerIOS(udid: "ios-2", token: "77")
        // WHEN a backend broadcasts
        let id = client.notify(#"{"broadcast":true,"title":"Order","alert":"Shipped","badge":2}"#)
        client.fake.waitForSimulatorDelivery()
        // THEN each iOS delivery is a file holding its exact payload plus the bundle, numbered in delivery order
        let ios = client.fake.deliveries(ofNotification: id).filter(\.platform.isApple)
        XCTAssertEqual(ios.map(\.deviceID), [first, second])
        XCTAssertEqual(try files(), ["000001-twinpush-\(first).apns", "000002-twinpush-\(second).apns"])
        for (index, delivery) in ios.enumerated() {
            XCTAssertEqual(
                contents(try files()[index]),
                APNsFile.document(payload: delivery.payload, bundleID: "com.example.app"))
        }
        XCTAssertEqual(ios.flatMap(\.notes), [])
    }

    func test_simulator_runsSimctlPushPerIOSDelivery_withTheFileItWrote() throws {
        // GIVEN a stand-in xcrun and a TPNS iOS device and a TwinPush scheduled notification
        let xcrun = try standIn()
        let fake = engine(simulator: "booted", xcrun: xcrun)
        fake.tpnsRegister(deviceId: "TPNS-1", token: "cafe", appKey: "APPKEY", type: "IOS")
        let body =
            #"[{"message":"Hello","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS"],"deviceIds":["TPNS-1"]}]"#
        XCTAssertEqual(fake.send("POST", "/TPNS/api/pushnotifications", json: body).response.status, 200)
        let client = TwinPushTestClient(fake: fake)
        client.registerIOS(udid: "tp-1")
        _ = client.notify(#"{"broadcast":true,"alert":"Later","send_since":"2026-01-01 00:10:00 UTC"}"#)
        // WHEN the clock releases the scheduled one
        fake.advanceClock(by: 600)
        fake.waitForSimulatorDelivery()
        // THEN simctl push ran once per delivery, in order, with the bundle and the file written
        let names = try files()
        XCTAssertEqual(names.count, 2)
        XCTAssertEqual(
            xcrun.calls,
            names.map { "simctl push booted com.example.app \(directory.appendingPathComponent($0).path)" })
        let payloads = fake.deliveries.map(\.payloadString)
        guard xcrun.files.count == 2, payloads.count == 2 else { return XCTFail("\(xcrun.files) \(payloads)") }
        XCTAssertTrue(xcrun.files[0].hasPrefix(#"{"Simulator Target Bundle":"com.example.app","#), xcrun.files[0])
        XCTAssertEqual(xcrun.files[0], #"{"Simulator Target Bundle":"com.example.app","# + payloads[0].dropFirst())
        XCTAssertEqual(xcrun.files[1], #"{"Simulator Target Bundle":"com.example.app","# + payloads[1].dropFirst())
    }

    func test_simulatorFailure_isANoteOnTheDeliveryAndItsJournalEntry_neverAnError() throws {
        // GIVEN an xcrun that fails the way simctl does without a booted device
        let xcrun = try standIn(exitStatus: 148, stderr: "Invalid device: booted")
        let fake = engine(simulator: "booted", xcrun: xcrun)
        let heard = Locked<[String]>([])
        fake.onDeliveryNote { _, note in heard.withLock { $0.append(note) } }
        let client = TwinPushTestClient(fake: fake)
        client.registerIOS(udid: "tp-1")
        // WHEN a notification is sent
        let id = client.notify(#"{"broadcast":true,"alert":"Hi"}"#)
        fake.waitForSimulatorDelivery()
        // THEN the send succeeded, and the delivery and the entry that caused it carry the failure
        let note = "simctl push booted com.example.app: failed (exit 148): Invalid device: booted"
        XCTAssertEqual(fake.deliveries(ofNotification: id).first?.notes, [note])
        XCTAssertEqual(fake.journal.entries.last?.notes.last, note)
        XCTAssertEqual(fake.journal.entries.last?.status, 200)
        XCTAssertEqual(heard.withLock { $0 }, [note])
        XCTAssertEqual(fake.deliveries(ofNotification: id).first?.jsonValue["notes"], [.string(note)])
    }

    func test_missingXcrun_isANote() throws {
        var configuration = PushFakeConfiguration()
        configuration.simulatorDelivery = SimulatorDelivery(
            bundleID: "com.example.app", directory: directory, xcrun: directory.appendingPathComponent("nope").path)
        let client = TwinPushTestClient(fake: PushFake(configuration))
        client.registerIOS()
        let id = client.notify(#"{"broadcast":true,"alert":"Hi"}"#)
        client.fake.waitForSimulatorDelivery()
        let notes = client.fake.deliveries(ofNotification: id).first?.notes ?? []
        XCTAssertEqual(notes.count, 1)
        XCTAssertTrue(notes.first?.hasPrefix("simctl push booted com.example.app: cannot run ") == true, "\(notes)")
    }

    func test_reset_keepsDeliveringIntoTheSimulator() throws {
        let xcrun = try standIn()
        let client = TwinPushTestClient(fake: engine(simulator: "SOME-UDID", xcrun: xcrun))
        client.fake.reset()
        client.registerIOS()
        _ = client.notify(#"{"broadcast":true,"alert":"After reset"}"#)
        client.fake.waitForSimulatorDelivery()
        XCTAssertEqual(xcrun.calls.count, 1)
        XCTAssertTrue(xcrun.calls.first?.hasPrefix("simctl push SOME-UDID com.example.app ") == true)
    }

    func test_addNote_isFalseForAnUnknownDelivery_andAStateDocumentKeepsNotes() throws {
        let client = TwinPushTestClient(fake: PushFake())
        client.registerIOS()
        let id = client.notify(#"{"broadcast":true,"alert":"Hi"}"#)
        XCTAssertFalse(client.fake.addNote("x", toDelivery: "nope"))
        let delivery = try XCTUnwrap(client.fake.deliveries(ofNotification: id).first)
        XCTAssertTrue(client.fake.addNote("pushed by hand", toDelivery: delivery.id))
        let read = try Delivery(json: try XCTUnwrap(client.fake.deliveries(ofNotification: id).first).jsonValue)
        XCTAssertEqual(read.notes, ["pushed by hand"])
    }

    func test_validation_ofBundleIDsAndSimulators() {
        XCTAssertTrue(SimulatorDelivery.isValidBundleID("com.example.my-app"))
        XCTAssertFalse(SimulatorDelivery.isValidBundleID(""))
        XCTAssertFalse(SimulatorDelivery.isValidBundleID("com example"))
        XCTAssertFalse(SimulatorDelivery.isValidBundleID(String(repeating: "a", count: 256)))
        XCTAssertTrue(SimulatorDelivery.isValidSimulator("booted"))
        XCTAssertTrue(SimulatorDelivery.isValidSimulator("9A8B7C6D-0000-1111-2222-333344445555"))
        XCTAssertFalse(SimulatorDelivery.isValidSimulator("booted; rm -rf /"))
    }
}
