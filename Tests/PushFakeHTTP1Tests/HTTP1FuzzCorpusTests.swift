import Foundation
import PushFakeHTTP1Fuzz
import XCTest

/// Replays the fuzzer's seed corpus (fixtures/fuzz/http1) through the same checks as scripts/fuzz-http, so every
/// `swift test` holds the invariants on those inputs even where libFuzzer is unavailable (Xcode's Swift).
final class HTTP1FuzzCorpusTests: XCTestCase {
    func test_fuzzInvariants_hold_forEverySeedInput() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures/fuzz/http1")
        let files = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
        XCTAssertGreaterThan(files.count, 5)
        for file in files {
            let input = Array(try Data(contentsOf: file))
            XCTAssertNil(HTTP1FuzzCheck.check(input), file.lastPathComponent)
        }
    }

    func test_fuzzInvariants_hold_forSmallHandPickedInputs() {
        for text in [
            "", "\r\n", "GET / HTTP/1.1\r\n\r\n",
            "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nx",
        ] {
            XCTAssertNil(HTTP1FuzzCheck.check(Array(text.utf8)), text)
        }
    }
}
