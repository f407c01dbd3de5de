import Foundation
import XCTest

@testable import PushFakeHTTP

/// The dashboard calls the admin API only by operationId, through admin-api.js, which reads the method and path from
/// `GET /__pushfake/openapi.json` (docs/dashboard.md): the scripts spell no admin path, every operation they name is
/// in the server's table, and the ones called at the top level (`{ top: true }`) are the ones an instance lacks.
final class DashboardAdminCallsTests: XCTestCase {
    private func script(_ name: String) throws -> String {
        String(decoding: try XCTUnwrap(DashboardAssets.files[name], name), as: UTF8.self)
    }

    /// (operationId, called at the top level) for every admin call of `text`.
    private func calls(in text: String) throws -> [(id: String, top: Bool)] {
        let pattern = try NSRegularExpression(pattern: #"(?:admin|AdminAPI\.(?:call|fetch|request))\("(\w+)"[^\n]*"#)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { match in
            guard let id = Range(match.range(at: 1), in: text), let line = Range(match.range, in: text) else {
                return nil
            }
            return (String(text[id]), text[line].contains("top: true"))
        }
    }

    func test_dashboardScripts_nameOperationsOfTheTable_andSpellNoAdminPath() throws {
        let table = AdminOperationTable.standard
        var named: Set<String> = []
        for name in DashboardAssets.files.keys.sorted() where name.hasSuffix(".js") && name != "admin-api.js" {
            let text = try script(name)
            for quote in ["\"", "'", "`"] {
                XCTAssertFalse(text.contains(quote + "/__pushfake"), "\(name) spells an admin path")
                XCTAssertFalse(text.contains(quote + "${ADMIN}"), "\(name) builds an admin path")
            }
            for call in try calls(in: text) {
                named.insert(call.id)
                let operation = try XCTUnwrap(table.operation(id: call.id), "\(name) calls \(call.id)")
                XCTAssertEqual(operation.route.perInstance, !call.top, "\(call.id) in \(name): top level or not")
            }
        }
        for id in ["events", "getJournal", "getState", "listVendors", "listInstances", "createInstance", "addFault"] {
            XCTAssertTrue(named.contains(id), "the dashboard calls \(id) through admin-api.js")
        }
    }

    /// The page draws every vendor from its card (compose.js): outside comments, the page, its forms and its
    /// panels name no vendor.
    func test_pageAndFormScripts_nameNoVendor_outsideComments() throws {
        let pageFiles = DashboardAssets.files.keys.filter { !$0.hasPrefix("fleet") && !$0.hasSuffix(".css") }
        XCTAssertEqual(pageFiles.count, 9, "the page and its scripts but the fleet view's")
        for name in pageFiles.sorted() {
            let code = try script(name).split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            }
            for line in code {
                for vendor in ["tpns", "twinpush"] {
                    XCTAssertFalse(line.lowercased().contains(vendor), "\(name): \(line)")
                }
            }
        }
        XCTAssertTrue(try script("compose.js").contains("card.send.route"), "the form posts where its card says")
    }

    /// admin-api.js reads the document it is given: the one the server serves names its paths under the prefix
    /// (`/__pushfake/…`) and declares query parameters either one by one or as one exploded object.
    func test_adminAPIScript_readsTheDocumentsPathsAndQueryShapes() throws {
        let text = try script("admin-api.js")
        XCTAssertTrue(text.contains(#"ADMIN + "/openapi.json""#), "the one path it spells: the document's")
        XCTAssertTrue(text.contains("the admin API has no operation"), "an unknown operationId is an error")
        XCTAssertTrue(text.contains("has no query parameter"), "an undeclared query name is an error")
        let document = OpenAPIDocument.make(baseURL: "http://127.0.0.1:8089")
        let journal = try XCTUnwrap(document["paths"]?["/__pushfake/journal"]?["get"]?["parameters"]?.arrayValue)
        let object = try XCTUnwrap(journal.first { $0["in"] == "query" })
        XCTAssertEqual(object["explode"], true)
        XCTAssertEqual(object["schema"]?["type"], "object")
        XCTAssertNotNil(object["schema"]?["properties"]?["format"], "the journal's format is a declared name")
    }
}
