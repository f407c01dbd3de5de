// The Swift examples of the README and docs/, verbatim (scripts/check-readme): if this file stops compiling or
// passing, the documentation is wrong. The UI test's `XCUIApplication` and `pushFakeServer` are XCTest's and a
// scheme's on iOS, stand-ins elsewhere (Support/UITestStandIns.swift).
import Foundation
import PushFakeClients
import PushFakeTesting
import Testing
import XCTest

final class PushRegistrationTests: XCTestCase {
    func test_appRegistersForPush() async throws {
        try await withPushFake(.urlProtocol) { fake in
            // GIVEN the app's TPNS client talking to the fake
            let client = TPNSClient(session: fake.makeURLSession())
            // WHEN it registers
            _ = try await client.register(url: fake.tpnsBaseURL, appKey: "testApp", pushToken: Data([0xAB, 0xCD]))
            // THEN the fake saw one register for the app, token as lowercase hex
            fake.assertRequested(.tpns(.register).app("testApp").bodyField("deviceRegistrationId", equals: "abcd"))
        }
    }
}

@Test(arguments: PushFakeTransport.allCases)
func backendRetriesAfterA503(transport: PushFakeTransport) async throws {
    try await withPushFake(transport) { fake in
        let session = fake.makeURLSession()
        func post(_ path: String, _ json: String) async throws -> Int {
            var request = URLRequest(url: fake.tpnsBaseURL.appendingPathComponent(path))
            request.httpMethod = "POST"
            request.httpBody = Data(json.utf8)
            return (try await session.data(for: request).1 as? HTTPURLResponse)?.statusCode ?? 0
        }
        _ = try await post(
            "api/device/register",
            #"{"deviceId":"D1","deviceRegistrationId":"t","applicationKey":"K","applicationType":"AOS"}"#)
        fake.inject(.status(503), when: .tpns(.pushNotifications), scope: .once)
        let send =
            #"[{"message":"Hello","handlingLevel":1,"applicationKey":"K","applicationTypes":["AOS"],"deviceIds":["D1"]}]"#
        let first = try await post("api/pushnotifications", send)
        let retry = try await post("api/pushnotifications", send)
        #expect(first == 503)
        #expect(retry == 200)
        fake.assertDelivered(["message": "Hello"], to: "D1")
    }
}

/// An in-house push gateway under `/inhouse`, served next to TPNS and TwinPush.
struct InHouseGateway: PushVendor {
    struct State { var sent: [String] = [] }
    var vendor: Vendor { Vendor("inHouse") }
    var displayName: String { "InHouse" }
    var pathPrefixes: [String] { ["/inhouse"] }
    var routes: [VendorRoute<State>] {
        [
            VendorRoute("POST", "/inhouse/send", "send") { context, state, _ in
                state.sent.append(context.bodyObject?["text"]?.stringValue ?? "")
                return .json(200, ["sent": .int(state.sent.count)])
            }
        ]
    }
    func makeState(_ configuration: PushFakeConfiguration) -> State { State() }
}

@Test func inHouseGatewayIsServed() async throws {
    try await withPushFake(.urlProtocol, vendors: .standard.adding(InHouseGateway())) { fake in
        let base = try #require(fake.baseURL(for: Vendor("inHouse")))  // …/inhouse
        var request = URLRequest(url: base.appendingPathComponent("send"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"text":"Hi"}"#.utf8)
        _ = try await fake.makeURLSession().data(for: request)
        fake.assertRequested(.vendor(Vendor("inHouse")).operation("send"))
    }
}

/// docs/writing-a-vendor.md: the echo vendor's send form, on a card of its own.
func echoCardWithItsSendForm() -> VendorCard {
    var card = VendorCard(id: "device", app: "app", platform: "platform")
    var device = VendorCard.Field("device", "Device", .text, required: true)
    device.inPath = true
    var say = VendorCard.SendForm(
        route: "POST /echo/devices/{device}/say", label: "Say it",
        fields: [device, VendorCard.Field("text", "Text", .text, required: true)])
    say.notificationIDs = ["id"]  // where the answer names the notification
    card.send = say
    return card
}

@Test func echoSendForm_fillsItsRoutesPathParameter_andPostsTheText() {
    let send = echoCardWithItsSendForm().send
    #expect(send?.route == "POST /echo/devices/{device}/say")
    #expect(send?.fields.filter(\.inPath).map(\.name) == ["device"])
    #expect(send?.fields.map(\.name) == ["device", "text"])
}

/// docs/writing-a-vendor.md: the echo vendor's fleet part, a device counted from its register.
@Test func echoFleetPart_countsADeviceFromItsRegister() {
    var card = echoCardWithItsSendForm()
    card.fleet = VendorCard.Fleet(moves: ["registerDevice": .registered], platform: nil)
    #expect(card.fleet?.moves == ["registerDevice": .registered])
    #expect(card.fleet?.notification == "notification")
    #expect(card.wireJSON["fleet"]?["moves"] == ["registerDevice": "registered"])
}

/// docs/writing-a-vendor.md: TwinPush's phone part, the keys of its payloads the dashboard's phone drawing reads.
@Test func twinPushPhonePart_namesTheKeysOfItsPayloads() {
    var card = echoCardWithItsSendForm()
    var phone = VendorCard.Phone()
    phone.richURL = "tp_rich_url"
    (phone.channel, phone.channelIn) = ("tp_channel_id", "custom")  // a key inside the JSON text of `custom`
    (phone.silentTag, phone.tagsIn) = ("tp_silent", "tags")  // a tag in the JSON array as text of `tags`
    card.phone = phone
    #expect(card.phone == VendorRegistry.standard.card(of: .twinPush)?.phone)
    #expect(card.wireJSON["phone"]?["channelIn"] == "custom")
}

func makeFakeDeliveringIntoTheSimulator() -> PushFake {
    var configuration = PushFakeConfiguration(seed: 1)
    configuration.simulatorDelivery = SimulatorDelivery(bundleID: "com.example.app", simulator: "booted")
    return PushFake(configuration)
}

final class SimulatorDeliveryExample: XCTestCase {
    func test_configurationDeliversIntoTheBootedSimulator() {
        let fake = makeFakeDeliveringIntoTheSimulator()
        XCTAssertEqual(fake.configuration.simulatorDelivery?.simulator, "booted")
        XCTAssertEqual(fake.configuration.simulatorDelivery?.bundleID, "com.example.app")
    }
}

@Test func registersOnTheSharedServer() async throws {
    try await withPushFake(.remote(pushFakeServer)) { fake in
        let client = TPNSClient(session: fake.makeURLSession())
        _ = try await client.register(url: fake.tpnsBaseURL, appKey: "testApp", pushToken: Data([0xAB, 0xCD]))
        fake.assertRequested(.tpns(.register).app("testApp"))
    }
}

@Test func registersWithoutBlockingThePool() async throws {
    try await withPushFake(.remote(pushFakeServer)) { fake in
        let client = TPNSClient(session: fake.makeURLSession())
        _ = try await client.register(url: fake.tpnsBaseURL, appKey: "testApp", pushToken: Data([0xAB, 0xCD]))
        let journal = await fake.currentJournal()
        fake.assertRequested(.tpns(.register).app("testApp"), in: journal)
        fake.assertNoOtherRequests(in: journal)
    }
}

// SwiftPM 6.0's generated XCTest runner on Linux cannot run a @MainActor test case (MainActorFixtureTests.swift).
#if !os(Linux) || compiler(>=6.1)
    @MainActor
    final class PushUITests: XCTestCase {
        func test_appRegistersForPushAtLaunch() async throws {
            try await withPushFake(.remote(pushFakeServer)) { fake in
                // GIVEN the app pointed at this test's own instance on the server
                let app = XCUIApplication()
                app.launchEnvironment = fake.launchEnvironment
                // WHEN it launches (it registers for push in the background)
                app.launch()
                // THEN the fake sees one register for the app, from iOS
                let registers = try await fake.waitFor(.tpns(.register).app("testApp"), timeout: 30)
                XCTAssertEqual(registers.first?.body?["applicationType"], "IOS")
                fake.assertNoOtherRequests()
            }
        }
    }
#endif

final class CampaignOpenRateTests: XCTestCase {
    func test_campaignTo10000Phones_isOpenedByAbout30PercentWithinAMinute() async throws {
        try await withPushFake(.urlProtocol) { fake in
            // GIVEN 10,000 virtual phones of the shop's app, back in the background after their launch
            let app = FleetApp(appID: "shop", apiKey: "shop-api-token")
            let mix = FleetMix([.twinpushIOS: 60, .twinpushAndroid: 40])
            let fleet = DeviceFleet(FleetConfiguration(devices: 10_000, mix: mix, seed: 2026, app: app))
            try await fleet.start(against: fake)
            await fleet.run(for: 120)
            // WHEN the backend sends a campaign to all of them through the creator API
            let backend = TwinPushCreatorClient(
                session: fake.makeURLSession(), baseURL: fake.twinPushBaseURL, appID: "shop",
                apiToken: "shop-api-token", creatorToken: "shop-creator-token")
            let campaign = try await backend.createNotification(["broadcast": true, "alert": "Spring sale"])
            let id = try XCTUnwrap(campaign["id"]?.stringValue)
            await fleet.run(for: 60)
            await fleet.stop()
            // THEN TwinPush's own report says every phone received it and about 30 % opened it within the minute
            let report = try await backend.report(id)
            XCTAssertEqual(report["delivery_count"]?.intValue, 10_000)
            XCTAssertEqual(report["received_count"]?.intValue, 10_000)
            let opened = Double(report["opening_count"]?.intValue ?? 0) / 10_000
            XCTAssertEqual(opened, 0.3, accuracy: 0.02)
            XCTAssertEqual(fleet.report().notifications.first?.opened, report["opening_count"]?.intValue)
        }
    }
}
