import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The standard vendors' dashboard cards (docs/dashboard.md): each declares a send form posting to one of its own
/// routes, a fault preset of its own fault key, and is served with exactly the members ``VendorCard/jsonSchema``
/// describes, so the generic page can draw TPNS and TwinPush without knowing them.
final class DashboardVendorTests: XCTestCase {
    private let registry = VendorRegistry.standard

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
        let schema = JSON.object(VendorCard.jsonSchema)
        for vendor in registry.vendors {
            let json = try XCTUnwrap(registry.card(of: vendor)?.jsonValue)
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
        var json = try XCTUnwrap(registry.card(of: .tpns)?.jsonValue.objectValue)
        json["extra"] = true
        XCTAssertEqual(
            SchemaMembers.mismatches(.object(json), .object(VendorCard.jsonSchema)), [".extra: not described"])
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
