import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The catalogue as a whole: names, order, sources, and the DocC article that lists it (DeliveryChecks.md).
final class DeliveryCatalogueTests: XCTestCase {
    private static let article = Repository.url("Sources/PushFakeCore/PushFakeCore.docc/DeliveryChecks.md")

    func test_catalogue_namesAreUniqueAndEachRuleCitesASource_whenListed() {
        let names = DeliveryRule.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "\(names)")
        for rule in DeliveryRule.all {
            XCTAssertTrue(rule.name.hasPrefix(rule.network.rawValue + "."), rule.name)
            XCTAssertFalse(rule.source.isEmpty, rule.name)
            XCTAssertFalse(rule.summary.isEmpty, rule.name)
        }
        XCTAssertEqual(Set(DeliveryRule.all.map(\.network)), Set(DeliveryRule.Network.allCases))
    }

    func test_article_listsEveryRuleInCatalogueOrder_withItsSeverityAndCode() throws {
        // GIVEN the table rows of DeliveryChecks.md that start with a rule name
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // THEN they are the catalogue, rule by rule
        XCTAssertEqual(rows.map { $0[0] }, DeliveryRule.all.map { "`\($0.name)`" })
        XCTAssertEqual(rows.map { $0[1] }, DeliveryRule.all.map(\.severity.rawValue))
        XCTAssertEqual(rows.map { $0[2] }, DeliveryRule.all.map { "`\($0.code)`" })
    }

    func test_problems_comeInCatalogueOrder_whenSeveralRulesTrip() throws {
        // GIVEN an iOS delivery with a bad token, an oversized payload and only a badge to show
        let payload = #"{"aps":{"badge":1},"blob":""# + String(repeating: "x", count: 5000) + #""}"#
        // WHEN it is checked
        let found = problems(token: "token-1", payload: payload)
        // THEN the token comes first, then the size, then the warning
        XCTAssertEqual(found.map(\.code), ["BadDeviceToken", "PayloadTooLarge", "NoVisibleAlert"])
        XCTAssertEqual(found.map(\.severity), [.rejected, .rejected, .warning])
    }

    func test_platforms_getOnlyTheirNetworksRules_whenTheSamePayloadGoesEverywhere() {
        // An FCM-reserved key and a non-hex token: APNs cares about the token only, FCM about both, HMS about neither.
        let payload = #"{"aps":{"alert":"Hi"},"from":"me"}"#
        XCTAssertEqual(codes(.ios, token: "not hex", payload: payload), ["!BadDeviceToken"])
        XCTAssertEqual(codes(.iosSandbox, token: "not hex", payload: payload), ["!BadDeviceToken"])
        XCTAssertEqual(
            codes(.android, token: "not hex", payload: payload),
            ["!InvalidRegistration", "!InvalidDataKey", "!InvalidParameters"])
        XCTAssertEqual(codes(.huawei, token: "not hex", payload: payload), [])
    }

    func test_problem_describesItselfWithLimitAndMeasuredValue() throws {
        let problem = try XCTUnwrap(problems(token: "abc", payload: plainAlert).first)
        XCTAssertEqual(
            problem.description,
            "rejected BadDeviceToken: the device token has an odd number of hexadecimal digits "
                + #"(limit: hexadecimal digits, two per byte; measured: "abc")"#)
        XCTAssertEqual(try DeliveryProblem(json: problem.jsonValue), problem)
    }
}
