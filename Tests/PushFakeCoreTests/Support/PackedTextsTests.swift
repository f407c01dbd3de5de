import XCTest

@testable import PushFakeCore

/// PackedTexts keeps optional strings in one buffer: every slot reads back the bytes written, through changes that
/// grow and shrink its neighbours.
final class PackedTextsTests: XCTestCase {
    private let samples: [String?] = [
        nil, "", "a", "1234567890123456", String(repeating: "é", count: 100), "\u{212A}-1", "cafe\u{301}",
        String(repeating: "x", count: 20_000), "line\nbreak\"quote",
    ]

    func test_packedTexts_readsBackEveryValue_inEverySlot() {
        for first in samples {
            for second in samples {
                let texts = PackedTexts(first, second, "token")
                XCTAssertTrue(String.sameBytes(texts.string(0), first))
                XCTAssertTrue(String.sameBytes(texts.string(1), second))
                XCTAssertEqual(texts.string(2), "token")
                XCTAssertNil(texts.string(3), "a slot past the last is nil")
                XCTAssertEqual(texts.contains(0), first != nil)
                XCTAssertTrue(texts.hasSameBytes(1, asOptional: second))
                XCTAssertEqual(PackedTexts([first, second, "token"]), texts)
            }
        }
    }

    func test_packedTexts_set_changesOneSlot_andKeepsTheOthers() {
        var texts = PackedTexts(count: 4)
        var expected: [String?] = [nil, nil, nil, nil]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let slot = Int(generator.next() % 4)
            let value = samples[Int(generator.next() % UInt64(samples.count))]
            texts.set(slot, to: value)
            expected[slot] = value
            for index in 0..<4 {
                XCTAssertTrue(String.sameBytes(texts.string(index), expected[index]), "slot \(index)")
            }
        }
    }

    func test_packedTexts_comparesBytes_notCanonicalEquivalence() {
        let texts = PackedTexts(["K-1", "café", nil, ""])
        XCTAssertTrue(texts.hasSameBytes(0, as: "K-1"))
        XCTAssertFalse(texts.hasSameBytes(0, as: "\u{212A}-1"))
        XCTAssertFalse(texts.hasSameBytes(1, as: "cafe\u{301}"))
        XCTAssertFalse(texts.hasSameBytes(2, as: ""), "nil is not the empty string")
        XCTAssertTrue(texts.hasSameBytes(3, as: ""))
        XCTAssertEqual(texts.withBytes(1) { $0.map { Array($0) } }, Array("café".utf8))
        XCTAssertNil(texts.withBytes(2) { $0.map { Array($0) } })
        XCTAssertNil(texts.string(7), "a slot past the last is nil")
    }

    func test_internedStrings_numberEachDistinctByteStringOnce() {
        var strings = InternedStrings(kinds: 2)
        XCTAssertEqual(strings.number(of: nil), 0)
        let ios = strings.number(of: "ios", kind: 0)
        XCTAssertEqual(strings.number(of: "ios", kind: 1), ios)
        let kelvin = strings.number(of: "\u{212A}", kind: 0)
        XCTAssertNotEqual(strings.number(of: "K", kind: 0), kelvin)
        XCTAssertEqual(strings.number(of: "\u{212A}", kind: 1), kelvin)
        XCTAssertEqual(strings[kelvin], "\u{212A}")
        XCTAssertEqual(strings.count, 3)
        XCTAssertNil(strings[0])
        XCTAssertNil(strings[99])
        XCTAssertTrue(strings.matches(ios, "ios"))
        XCTAssertFalse(strings.matches(0, ""))
    }
}
