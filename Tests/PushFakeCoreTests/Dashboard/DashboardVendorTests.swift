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
