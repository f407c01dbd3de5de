import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A vendor that claims what another already has is a programmer error, reported when the registry is built.
final class VendorRegistrationTests: XCTestCase {
    /// The echo vendor with one of its claims changed.
    private struct Clashing: PushVendor {
        var name = "clash"
        var prefixes = ["/clash"]
        var kinds: [IDKind] = []
        var keys: [String] = []
        var templates = ["/clash/x"]

        var vendor: Vendor { Vendor(name) }
        var displayName: String { "Clash" }
        var pathPrefixes: [String] { prefixes }
        var idKinds: [IDKind] { kinds }
        var routes: [VendorRoute<Int>] {
            templates.map { VendorRoute("GET", $0, "x") { _, _, _ in .json(200, [:]) } }
        }
        var faultKeys: [VendorFaultKey] {
            keys.map { VendorFaultKey($0) { _, _ throws(FaultRuleSpec.Invalid) in .dropConnection } }
        }
        func makeState(_ configuration: PushFakeConfiguration) -> Int { 0 }
    }

    private func assertConflict(_ vendor: Clashing, mentions text: String, line: UInt = #line) {
        XCTAssertThrowsError(try VendorRegistry.standard.adding(vendor), line: line) { error in
            guard case let description = "\(error)", description.contains(text) else {
                return XCTFail("\(error) does not mention \(text)", line: line)
            }
        }
    }

    func test_adding_throwsForEveryKindOfClash_whenAVendorClaimsWhatIsTaken() {
        assertConflict(Clashing(name: "tpns"), mentions: "tpns is registered twice")
        assertConflict(Clashing(name: "TwinPush"), mentions: "TwinPush and twinPush differ only in case")
        assertConflict(
            Clashing(prefixes: ["/api/v2"]), mentions: "clash and twinPush both claim the path prefix /api/v2")
        assertConflict(
            Clashing(kinds: [IDKind(digit: 5, name: "clash")]), mentions: "both claim the id digit 5 (clash)")
        assertConflict(Clashing(kinds: [IDKind(digit: 3, name: "clash")]), mentions: "the engine (delivery (3))")
        assertConflict(Clashing(keys: ["tpnsError"]), mentions: "both claim the fault key tpnsError")
        assertConflict(Clashing(keys: ["status"]), mentions: "the fault key status, which the engine reads itself")
        assertConflict(
            Clashing(templates: ["/api/v2/apps/{a}/devices/{d}/badge"]),
            mentions: "clash and twinPush both claim the route GET /api/v2/apps/{a}/devices/{d}/badge")
    }

    func test_adding_acceptsAVendorThatFits_andKeepsTheStandardOrder() throws {
        XCTAssertEqual(try VendorRegistry.standard.adding(Clashing()).vendors, [.tpns, .twinPush, Vendor("clash")])
        XCTAssertEqual(try VendorRegistry.standard.adding(EchoVendor()).basePath(of: .echo), "/echo")
        XCTAssertEqual(try VendorRegistry([]).vendors, [])
    }
}
