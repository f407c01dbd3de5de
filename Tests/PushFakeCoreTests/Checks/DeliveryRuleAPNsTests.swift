import PushFakeCore
import XCTest

/// The APNs rules that reject (DeliveryChecks.md): each with a delivery that passes and one that trips it.
final class DeliveryRuleAPNsTests: XCTestCase {
    func test_apnsMissingDeviceToken_rejects_whenTheTokenIsEmpty() throws {
        XCTAssertEqual(codes(token: "ab12", payload: plainAlert), [])
        XCTAssertEqual(codes(token: nil, payload: plainAlert), [], "a vendor that records no token is not checked")
        XCTAssertEqual(codes(token: "", payload: plainAlert), ["!MissingDeviceToken"])
        let problem = try XCTUnwrap(problems(token: "", payload: plainAlert).first)
        XCTAssertEqual(
            [problem.message, problem.limit, problem.measured], ["the device token is empty", "a token", #""""#])
        XCTAssertEqual(DeliveryRule.apnsMissingDeviceToken.summary, "the device token is empty")
    }

    func test_apnsBadDeviceToken_rejects_whenTheTokenIsNotHexadecimalBytes() throws {
        // GIVEN tokens of 32 bytes, of 80 bytes (tokens vary in length since Xcode 14), and in upper case
        for token in [String(repeating: "0f", count: 32), String(repeating: "ab", count: 80), "5C1D2A3B4C5D6E7F"] {
            XCTAssertEqual(codes(token: token, payload: plainAlert), [], token)
        }
        // WHEN a token is not hexadecimal, or has half a byte
        let notHex = try XCTUnwrap(problems(token: "token-1", payload: plainAlert).first)
        let odd = try XCTUnwrap(problems(token: "abc", payload: plainAlert).first)
        // THEN APNs refuses both as BadDeviceToken, naming the token
        XCTAssertEqual(notHex.code, "BadDeviceToken")
        XCTAssertEqual(notHex.severity, .rejected)
        XCTAssertEqual(notHex.measured, #""token-1""#)
        XCTAssertEqual(notHex.limit, "hexadecimal digits, two per byte")
        XCTAssertEqual(odd.message, "the device token has an odd number of hexadecimal digits")
    }

    func test_apnsBadDeviceToken_cutsTheMeasuredToken_whenItIsLong() throws {
        let long = String(repeating: "z", count: 500)
        let problem = try XCTUnwrap(problems(token: long, payload: plainAlert).first)
        XCTAssertEqual(problem.measured, "\"\(String(repeating: "z", count: 64))\"… (500 characters)")
    }

    func test_apnsPayloadEmpty_rejects_whenThePayloadHasNoBytes() {
        XCTAssertEqual(codes(payload: "{}").filter { $0.hasPrefix("!") }, [])
        XCTAssertEqual(codes(payload: "").first, "!PayloadEmpty")
    }

    func test_apnsPayloadTooLarge_rejects_whenOver4096BytesOr5120ForVoIP() throws {
        // GIVEN payloads of exactly 4,096 and 4,097 bytes, and of 5,120 and 5,121 bytes
        func payload(_ size: Int) -> String {
            let frame = #"{"aps":{"alert":"Hi"},"blob":""}"#
            return #"{"aps":{"alert":"Hi"},"blob":""# + String(repeating: "x", count: size - frame.utf8.count) + #""}"#
        }
        // THEN the APNs limit is inclusive, and VoIP pushes have 5,120 bytes
        XCTAssertEqual(codes(payload: payload(4096)), [])
        XCTAssertEqual(codes(payload: payload(4097)), ["!PayloadTooLarge"])
        let voip = Delivery.APNsHeaders(pushType: "voip", priority: 10)
        XCTAssertEqual(codes(payload: payload(5120), apns: voip), [])
        let tooLarge = try XCTUnwrap(problems(payload: payload(5121), apns: voip).first)
        XCTAssertEqual(tooLarge.code, "PayloadTooLarge")
        XCTAssertEqual(tooLarge.limit, "5120 bytes")
        XCTAssertEqual(tooLarge.measured, "5121 bytes")
    }

    func test_apnsBadPriority_rejects_whenThePriorityIsNotTenFiveOrOne() {
        for priority in [10, 5, 1] {
            XCTAssertEqual(codes(payload: plainAlert, apns: .init(priority: priority)), [], "\(priority)")
        }
        XCTAssertEqual(codes(payload: plainAlert, apns: .init(priority: 7)), ["!BadPriority"])
    }

    func test_apnsInvalidPushType_rejects_whenThePushTypeIsNotDocumented() {
        XCTAssertEqual(codes(payload: plainAlert, apns: .init(pushType: "alert")), [])
        XCTAssertEqual(codes(payload: "{}", apns: .init(pushType: "voip")), [])
        XCTAssertEqual(codes(payload: plainAlert, apns: .init(pushType: "silent")), ["!InvalidPushType"])
    }

    func test_apnsPriorityTenForBackground_rejects_whenABackgroundPushHasPriority10() throws {
        let silent = #"{"aps":{"content-available":1}}"#
        let alertAndWake = #"{"aps":{"alert":"Hi","content-available":1}}"#
        // GIVEN no priority (PushFake's provider picks 5 for content-available) or priority 5: accepted
        XCTAssertEqual(codes(payload: silent), [])
        XCTAssertEqual(codes(payload: alertAndWake, apns: .init(priority: 5)), [])
        // WHEN priority 10 comes with content-available, alone or next to an alert, or with push type background
        let ten = Delivery.APNsHeaders(priority: 10)
        XCTAssertEqual(codes(payload: silent, apns: ten), ["!BadPriority"])
        XCTAssertEqual(codes(payload: alertAndWake, apns: ten), ["!BadPriority"])
        let background = try XCTUnwrap(
            problems(payload: silent, apns: .init(pushType: "background", priority: 10)).first)
        // THEN APNs refuses it as BadPriority
        XCTAssertEqual(background.code, "BadPriority")
        XCTAssertEqual(background.measured, "apns-priority 10 with content-available: 1")
    }
}
