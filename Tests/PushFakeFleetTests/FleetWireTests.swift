import Foundation
import PushFakeCore
import XCTest

@testable import PushFakeFleet

/// The fast paths of request building spell every identity and path exactly as the straightforward code does.
final class FleetWireTests: XCTestCase {
    /// The identity as first written (Characters and Foundation), kept here as the reference the byte version must
    /// reproduce: a changed identity would change every journal of a seed.
    private func reference(seed: UInt64, index: Int, profile: FleetProfile) -> (udid: String, token: String) {
        func hex(_ value: UInt64, _ uppercase: Bool) -> String {
            let text = String(value, radix: 16, uppercase: uppercase)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        func base64URL(_ random: inout SplitMix64, _ count: Int) -> String {
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            return String((0..<count).map { _ in alphabet[Int(random.next() & 63)] })
        }
        var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        guard profile.isIOS else {
            let udid = hex(random.next(), false)
            let head = base64URL(&random, 22)
            return (udid, head + ":APA91b" + base64URL(&random, 134))
        }
        let chars = Array(hex(random.next(), true) + hex(random.next(), true))
        let udid =
            String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-4" + String(chars[13..<16]) + "-8"
            + String(chars[17..<20]) + "-" + String(chars[20..<32])
        let token = (0..<4).map { _ in hex(random.next(), profile == .twinpushIOS) }.joined()
        return (udid, token)
    }

    func test_identity_isSpelledAsTheReferenceSpellsIt_whenMadeFromBytes() {
        for profile in FleetProfile.allCases {
            for index in [0, 1, 2, 15, 16, 999, 123_456, 9_999_999] {
                for seed: UInt64 in [0, 1, 42, .max] {
                    let identity = FleetIdentity(seed: seed, index: index, profile: profile)
                    let expected = reference(seed: seed, index: index, profile: profile)
                    XCTAssertEqual(identity.udid, expected.udid, "\(profile) \(index) \(seed)")
                    XCTAssertEqual(identity.token, expected.token, "\(profile) \(index) \(seed)")
                }
            }
        }
    }

    func test_segment_encodesAsFoundationDoes_whenTheTextIsPlainOrNeedsEncoding() {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        let texts = [
            "", "fleetapp", "0a1B-2.c_~", "a b", "a/b", "é", "%41", "a:b@c", "x?y#z", "+&=", "日本", "a\u{0}b", "~~",
        ]
        for text in texts {
            XCTAssertEqual(FleetWire.segment(text), text.addingPercentEncoding(withAllowedCharacters: allowed), text)
        }
    }
}
