import XCTest

@testable import PushFakeCore

/// The engine keeps one handler context from request to request and fills in each request's values: a handler must
/// see its own request's route, body error, clock, delay, app, device and notes, never the last request's.
final class HandlerContextTests: XCTestCase {
    private struct Seen: Equatable {
        var name: String?
        var bodyError: Bool
        var now: Date
        var delay: Double
        var app: String?
        var notesAtStart: [String]
        var bodyIsObject: Bool
    }

    private struct Recording: PushVendor {
        static let name = Vendor("recording")
        let seen: Locked<[Seen]>
        var vendor: Vendor { Self.name }
        var displayName: String { "Recording" }
        var pathPrefixes: [String] { ["/recording"] }
        var routes: [VendorRoute<Int>] {
            [
                VendorRoute("POST", "/recording/{name}", "record") { [seen] context, _, _ in
                    seen.withLock {
                        $0.append(
                            Seen(
                                name: context.route.parameter("name"), bodyError: context.bodyError != nil,
                                now: context.now, delay: context.responseDelay, app: context.app,
                                notesAtStart: context.notes, bodyIsObject: context.bodyObject != nil))
                    }
                    context.app = "app-of-\(context.route.parameter("name") ?? "")"
                    context.notes.append("handled \(context.route.parameter("name") ?? "")")
                    return .json(200, [:])
                }
            ]
        }
        func makeState(_ configuration: PushFakeConfiguration) -> Int { 0 }
    }

    func test_eachRequest_seesItsOwnValues_afterARequestThatSetThemAll() throws {
        let seen = Locked<[Seen]>([])
        let fake = PushFake(vendors: try VendorRegistry.standard.adding(Recording(seen: seen)))
        // GIVEN a request with a broken body and a delay, which the handler gives an app and a note
        fake.inject(.delay(0.5), when: .any)
        fake.send("POST", "/recording/first", json: "{broken")
        fake.advanceClock(by: 60)
        // WHEN a clean request follows on another path
        fake.send("POST", "/recording/second", json: "{}")
        // THEN the second handler saw only its own request
        let first = Date(timeIntervalSince1970: 1_767_225_600)
        XCTAssertEqual(
            seen.withLock { $0 },
            [
                Seen(
                    name: "first", bodyError: true, now: first, delay: 0.5, app: nil, notesAtStart: [],
                    bodyIsObject: false),
                Seen(
                    name: "second", bodyError: false, now: first.addingTimeInterval(60), delay: 0, app: nil,
                    notesAtStart: [], bodyIsObject: true),
            ])
        // AND each journal entry keeps what its handler noted
        XCTAssertEqual(fake.journal.entries.map(\.notes), [["handled first"], ["handled second"]])
        XCTAssertEqual(fake.journal.entries.map(\.app), ["app-of-first", "app-of-second"])
    }
}
