import Foundation
import PushFakeEngineFuzz
import PushFakeTestSupport
import XCTest

/// Replays the engine fuzzer's seed corpus (fixtures/fuzz/engine) through the same checks as scripts/fuzz-engine,
/// so every `swift test` holds the invariants on those inputs even where libFuzzer is unavailable (Xcode's Swift),
/// and checks that the seeds reach what they are meant to.
final class EngineFuzzCorpusTests: XCTestCase {
    static let corpus = Repository.url("fixtures/fuzz/engine")

    static func seed(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corpus.appendingPathComponent(name)))
    }

    func test_fuzzInvariants_hold_forEverySeedInput() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        XCTAssertGreaterThan(files.count, 30)
        for file in files {
            XCTAssertNil(EngineFuzzCheck.check(Array(try Data(contentsOf: file))), file.lastPathComponent)
        }
    }

    func test_fuzzInvariants_hold_forSmallHandPickedInputs() {
        for text in [
            "", "!", "\u{1E}\u{1E}", "x", "POST /__pushfake/faults\u{1F}\u{1F}\u{1F}\u{1F}\u{1F}{", "\u{1F}\u{FF}",
        ] {
            XCTAssertNil(EngineFuzzCheck.check(Array(text.utf8)), text)
        }
    }

    /// The seeds must reach the engine's success paths, not only its refusals: vendor traffic is answered 200,
    /// instances and faults are created, and the strict configuration's token is honoured.
    func test_seeds_reachTheirRoutes() throws {
        XCTAssertEqual(
            EngineFuzzCheck.trace(try Self.seed("tpns-register-send-unregister")),
            [
                "POST /TPNS/api/device/register → 200", "POST /TPNS/api/pushnotifications → 200",
                "PUT /TPNS/api/application/app1/device/D1/unregister → 200",
            ])
        let twinPush = EngineFuzzCheck.trace(try Self.seed("twinpush-flow"))
        XCTAssertEqual(twinPush.count, 8)
        XCTAssertTrue(twinPush.allSatisfy { $0.hasSuffix("→ 200") }, "\(twinPush)")
        let instances = EngineFuzzCheck.trace(try Self.seed("admin-instances"))
        XCTAssertEqual(instances.first, "POST /__pushfake/instances → 201")
        XCTAssertEqual(instances[1], "POST /i/1/TPNS/api/device/register → 200")
        XCTAssertEqual(instances.last, "GET /i/1/__pushfake/journal → 404")
        XCTAssertEqual(
            EngineFuzzCheck.trace(try Self.seed("admin-fault-1")).prefix(2),
            ["POST /__pushfake/faults → 201", "POST /TPNS/api/device/register → 409"])
        XCTAssertEqual(
            EngineFuzzCheck.trace(try Self.seed("access-token")),
            ["GET /__pushfake/health → 403", "GET /__pushfake/ → 200", "GET /__pushfake/journal → 200"])
    }
}
