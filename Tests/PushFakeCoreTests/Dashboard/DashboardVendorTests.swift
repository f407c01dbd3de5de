import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The standard vendors' dashboard cards (docs/dashboard.md): each declares a send form posting to one of its own
/// routes, a fault preset of its own fault key, and is served with exactly the members its schema (from the same
/// description, ``VendorCard/wire``) describes, so the generic page can draw TPNS and TwinPush without knowing them.
final class DashboardVendorTests: XCTestCase {
    private let registry = VendorRegistry.standard

    /// The card's schema as the OpenAPI document has it (inline, every part too).
    private var cardSchema: JSON {
        var schemas = WireSchemas()
        return VendorCard.wire.codec.schema(&schemas)
    }

    func test_standardCards_declareFormsThatFitTheirVendor() throws {
        for vendor in registry.vendors {
            let card = try XCTUnwrap(registry.card(of: vendor), vendor.rawValue)
            XCTAssertEqual(registry.cardProblems(of: vendor), [], vendor.rawValue)
            let send = try XCTUnwrap(card.send, "\(vendor.rawValue) has a send form")
            XCTAssertTrue(send.fields.contains { $0.required && $0.suggestsApps }, "the app is asked for first")
            XCTAssertNotNil(card.fault, "\(vendor.rawValue) offers its error codes")
            XCTAssertNotNil(card.apps, vendor.rawValue)
        }
    }

    func test_standardCards_areServedMemberForMemberAsTheirSchemaSays() throws {
        let schema = cardSchema
        for vendor in registry.vendors {
            let json = try XCTUnwrap(registry.card(of: vendor)?.wireJSON)
            XCTAssertEqual(SchemaMembers.mismatches(json, schema), [], vendor.rawValue)
        }
    }

    /// The checks find what a generic page would only meet on sending: a route the vendor lacks, a path parameter
    /// no field fills, a default that is not offered, a fault key no vendor has.
    func test_cardProblems_nameAWrongRoute_aMissingPathField_aBadDefault_andAnUnknownFaultKey() throws {
        var card = try XCTUnwrap(registry.card(of: .twinPush))
        card.send?.route = "POST /api/v2/apps/{app}/nothing"
        card.send?.fields.removeAll { $0.inPath }
        card.send?.fields.append(VendorCard.Field("level", "Level", .choice, value: 9))
        card.fault?.key = "noSuchError"
        card.fleet = nil  // its operations are TwinPush's, not this route-less vendor's
        let problems = try VendorRegistry.standard.adding(CardOnly(card: card)).cardProblems(of: CardOnly.vendor)
        XCTAssertEqual(
            problems,
            [
                "send: POST /api/v2/apps/{app}/nothing is no route of the vendor",
                "send: the path fields [] are not the route's parameters [\"app\"]",
                "send: level: no options", "send: level: the default is not an option",
                "fault: noSuchError is no fault key of the fake",
            ])
    }

    /// The fleet parts the dashboard's fleet view counts from (VendorCard+Fleet.swift), exactly as served: TPNS
    /// moves a device on register and unregister, its `applicationType` read through `platforms`; TwinPush on
    /// register (its `platform`), open and close app, receipts and opens of the notification its path names.
    func test_standardCards_serveTheirFleetParts() throws {
        let tpns = try XCTUnwrap(registry.card(of: .tpns)?.wireJSON)
        XCTAssertEqual(
            tpns["fleet"]?.serializedString(),
            #"{"moves":{"register":"registered","unregister":"unregistered"},"platform":"applicationType","#
                + #""notification":"notification"}"#)
        XCTAssertEqual(
            tpns["platforms"]?.serializedString(), #"{"AOS":"android","IOS":"ios","IOS_SAND":"ios"}"#,
            "every TPNS applicationType is one of the dashboard's platforms")
        XCTAssertEqual(Set(TPNS.applicationTypes), Set(try XCTUnwrap(tpns["platforms"]?.objectValue).keys))
        let twinPush = try XCTUnwrap(registry.card(of: .twinPush)?.wireJSON)
        XCTAssertEqual(
            twinPush["fleet"]?.serializedString(),
            #"{"moves":{"closeApp":"background","openApp":"foreground","openNotification":"opened","#
                + #""receivedNotification":"received","register":"registered"},"platform":"platform","#
                + #""notification":"notification"}"#)
        for vendor in registry.vendors {
            let card = try XCTUnwrap(registry.card(of: vendor))
            XCTAssertEqual(try VendorCard(wire: card.wireJSON).fleet, card.fleet, vendor.rawValue)
        }
    }

    /// The phone parts the dashboard's phone drawing reads payload keys from (VendorCard+Phone.swift), exactly as
    /// served: TwinPush's rich URL, channel inside `custom` and silent tag in `tags`; TPNS's payloads have none of
    /// them, so its part is `null`, present as every member of the card is.
    func test_standardCards_serveTheirPhoneParts() throws {
        let twinPush = try XCTUnwrap(registry.card(of: .twinPush)?.wireJSON)
        XCTAssertEqual(
            twinPush["phone"]?.serializedString(),
            #"{"richURL":"tp_rich_url","channel":"tp_channel_id","channelIn":"custom","silentTag":"tp_silent","#
                + #""tagsIn":"tags"}"#)
        let tpns = try XCTUnwrap(registry.card(of: .tpns)?.wireJSON)
        XCTAssertEqual(tpns["phone"], .null)
        for vendor in registry.vendors {
            let card = try XCTUnwrap(registry.card(of: vendor))
            XCTAssertEqual(try VendorCard(wire: card.wireJSON).phone, card.phone, vendor.rawValue)
        }
    }

    /// A phone part names each JSON-text member with the key read in it: one without the other is a problem, a
    /// channel without its member is read from the data itself; a member of the part it does not have is refused.
    func test_phonePart_problems_andAnUnknownMemberIsRefused() throws {
        var card = VendorCard(id: "id", app: "app", platform: "platform")
        var phone = VendorCard.Phone()
        (phone.richURL, phone.channel, phone.silentTag) = ("media", "ch", "quiet")
        card.phone = phone
        XCTAssertEqual(
            try VendorRegistry.standard.adding(CardOnly(card: card)).cardProblems(of: CardOnly.vendor),
            ["phone: silentTag without tagsIn"])
        phone = VendorCard.Phone()
        (phone.channelIn, phone.tagsIn) = ("extra", "labels")
        card.phone = phone
        XCTAssertEqual(
            try VendorRegistry.standard.adding(CardOnly(card: card)).cardProblems(of: CardOnly.vendor),
            ["phone: tagsIn without silentTag", "phone: channelIn without channel"])
        var json = try XCTUnwrap(registry.card(of: .twinPush)?.wireJSON.objectValue)
        json["phone"] = ["richURL": "media", "silent": "quiet"]
        XCTAssertThrowsError(try VendorCard(wire: .object(json))) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, "phone.silent")
        }
    }

    /// A fleet part must fit its vendor: an operation it lacks, or a receipt whose route does not name the
    /// notification by the parameter the part says, is a problem; an unknown move is refused by its path.
    func test_fleetPart_problems_andAnUnknownMoveIsRefused() throws {
        var fleet = VendorCard.Fleet(moves: ["seen": .received, "gone": .unregistered])
        fleet.notification = "message"
        let vendors = try VendorRegistry.standard.adding(FleetOnly(fleet: fleet))
        XCTAssertEqual(vendors.cardProblems(of: FleetOnly.vendor), ["fleet: gone is no operation of the vendor"])
        fleet.notification = "notification"
        XCTAssertEqual(
            try VendorRegistry.standard.adding(FleetOnly(fleet: fleet)).cardProblems(of: FleetOnly.vendor),
            [
                "fleet: gone is no operation of the vendor",
                "fleet: /fleet-only/{device}/seen/{message} has no {notification} to name the notification",
            ])
        var json = try XCTUnwrap(registry.card(of: .twinPush)?.wireJSON.objectValue)
        json["fleet"] = ["moves": ["register": "born"], "platform": .null, "notification": "notification"]
        XCTAssertThrowsError(try VendorCard(wire: .object(json))) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, "fleet.moves.register")
        }
    }

    func test_schema_refusesAMemberItDoesNotDescribe() throws {
        var json = try XCTUnwrap(registry.card(of: .tpns)?.wireJSON.objectValue)
        json["extra"] = true
        XCTAssertEqual(SchemaMembers.mismatches(.object(json), cardSchema), [".extra: not described"])
        json["extra"] = nil
        json["heading"] = nil
        XCTAssertEqual(SchemaMembers.mismatches(.object(json), cardSchema), [".heading: missing"])
        var schemas = WireSchemas()
        XCTAssertNotNil(VendorCard.wire.codec.schema(&schemas)["properties"]?["send"], "the card's schema is inline")
        XCTAssertEqual(schemas.components.count, 0, "with its parts")
    }

    /// The description reads what it writes: each standard card comes back equal, member for member.
    func test_standardCards_readBackFromTheirJSON() throws {
        for vendor in registry.vendors {
            let card = try XCTUnwrap(registry.card(of: vendor))
            let again = try VendorCard(wire: JSON.parse(card.wireJSON.serializedString()))
            XCTAssertEqual(again, card, vendor.rawValue)
            XCTAssertEqual(again.send, card.send, vendor.rawValue)
            XCTAssertEqual(again.properties?.list, card.properties?.list, vendor.rawValue)
            XCTAssertEqual(again.platforms, card.platforms, vendor.rawValue)
        }
    }

    /// Reading is strict, as every wire description: a member the card does not have is refused by its path.
    func test_cardReader_refusesAnUnknownMemberOfAPart() throws {
        var json = try XCTUnwrap(registry.card(of: .twinPush)?.wireJSON.objectValue)
        json["inbox"] = ["list": "inbox"]
        XCTAssertThrowsError(try VendorCard(wire: .object(json))) { error in
            XCTAssertEqual((error as? JSONFieldError)?.path, "inbox.app")
        }
    }
}

/// A vendor with no routes and the given card, to check a card's problems.
private struct CardOnly: PushVendor {
    static let vendor = Vendor("cardOnly")
    struct State {}
    let card: VendorCard?
    var vendor: Vendor { Self.vendor }
    var displayName: String { "Card only" }
    var pathPrefixes: [String] { ["/card-only"] }
    var routes: [VendorRoute<State>] { [] }
    func makeState(_ configuration: PushFakeConfiguration) -> State { State() }
}

/// A vendor with one receipt route, `seen`, naming its notification `{message}`, and the given fleet part.
private struct FleetOnly: PushVendor {
    static let vendor = Vendor("fleetOnly")
    struct State {}
    let fleet: VendorCard.Fleet
    var vendor: Vendor { Self.vendor }
    var displayName: String { "Fleet only" }
    var pathPrefixes: [String] { ["/fleet-only"] }
    var routes: [VendorRoute<State>] {
        [VendorRoute("POST", "/fleet-only/{device}/seen/{message}", "seen") { _, _, _ in .json(200, [:]) }]
    }
    var card: VendorCard? {
        var card = VendorCard(id: "id", app: "app", platform: "platform")
        card.fleet = fleet
        return card
    }
    func makeState(_ configuration: PushFakeConfiguration) -> State { State() }
}
