import Foundation
import PushFakeCore
import PushFakeEngineFuzz
import XCTest

/// The vendor route table declares every number its handlers read (issue 16): run in-process, each route's
/// requests — its bases and every boundary case — are traced (``VendorFieldTrace``), and a read of a field the
/// route does not declare fails, as does a declared field no request reaches. With `NumberReadingLintTests`
/// (handlers interpret numbers only through the field readers) this is what makes the boundary-value matrix cover
/// every numeric field: a route that gains a number without declaring it fails here.
final class VendorFieldCoverageTests: XCTestCase {
    private func setUpFake() throws -> (PushFake, VendorBoundaryCases.Fixture) {
        let fake = PushFake()
        let answers = VendorBoundaryCases.Fixture.setup.map { fake.handle($0).response.json }
        return (fake, try XCTUnwrap(VendorBoundaryCases.Fixture(answers: answers), "setup answers: \(answers)"))
    }

    func test_everyNumberAHandlerReads_isDeclaredOnItsRoute_andEveryDeclaredFieldIsReached() throws {
        let (first, fixture) = try setUpFake()
        let routes = first.vendors.declaredRoutes
        var reached: [String: Set<VendorField>] = [:]
        // A fresh fake for every route: one route's request (a delete) must not take away what the next one reads.
        var fakes: [String: PushFake] = [:]
        func check(_ route: VendorRegistry.DeclaredRoute, _ request: FakeRequest, _ label: String) throws {
            let key = "\(route.method) \(route.template)"
            if fakes[key] == nil { fakes[key] = try setUpFake().0 }
            let fake = try XCTUnwrap(fakes[key])
            let (exchange, reads) = VendorFieldTrace.recording { fake.handle(request) }
            XCTAssertEqual(exchange.route?.template, route.template, "\(label) was not routed to its route")
            let undeclared = Set(reads).subtracting(route.fields)
            XCTAssertTrue(
                undeclared.isEmpty,
                "\(route.method) \(route.template) reads \(undeclared.map(\.description).sorted()) without declaring "
                    + "it: add it to the route's fields (VendorField)")
            reached["\(route.vendor).\(route.operation) \(route.method)", default: []].formUnion(reads)
        }
        for (route, request) in VendorBoundaryCases.plainRequests(routes, fixture: fixture) {
            try check(route, request, "\(route.method) \(route.template)")
        }
        let cases = VendorBoundaryCases.cases(routes, fixture: fixture)
        for route in routes {
            for item in cases where item.route == "\(route.method) \(route.template)" {
                try check(route, item.request, item.description)
            }
        }
        for route in routes {
            let key = "\(route.vendor).\(route.operation) \(route.method)"
            let missed = Set(route.fields).subtracting(reached[key] ?? [])
            XCTAssertTrue(
                missed.isEmpty,
                "no request reaches \(missed.map(\.description).sorted()) of \(key): give the route a base in "
                    + "VendorBoundaryCases, or drop the stale declaration")
        }
    }

    /// Each declared field gets every boundary value of its form, in every base that has the field's parent; the
    /// matrix is not empty for a route that declares fields.
    func test_matrix_coversEveryDeclaredFieldWithEveryValue() throws {
        let (fake, fixture) = try setUpFake()
        let cases = VendorBoundaryCases.cases(fake.vendors.declaredRoutes, fixture: fixture)
        for route in fake.vendors.declaredRoutes {
            for field in route.fields {
                let values = Set(
                    cases.filter { $0.route == "\(route.method) \(route.template)" && $0.field == field.description }
                        .map(\.value))
                XCTAssertEqual(
                    values, Set(BoundaryValues.jsonTexts(for: field.form)), "\(route.method) \(route.template) \(field)"
                )
            }
        }
        XCTAssertTrue(
            cases.contains {
                $0.description.contains("notifications body badge (integerOrString) = -9223372036854775808")
            })
    }
}
