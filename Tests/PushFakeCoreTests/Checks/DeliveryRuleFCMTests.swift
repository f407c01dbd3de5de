import PushFakeCore
import XCTest

/// The FCM and HMS rules (DeliveryChecks.md): each with a delivery that passes and one that trips it.
final class DeliveryRuleFCMTests: XCTestCase {
    private let data = #"{"tp_id":"2000000000000001","message":"Hi","custom":"{}","tags":"[]"}"#

    func test_fcmMissingRegistration_rejects_whenTheTokenIsEmpty() throws {
        XCTAssertEqual(codes(.android, token: "fcm-token-1", payload: data), [])
        XCTAssertEqual(codes(.android, token: "", payload: data), ["!MissingRegistration"])
        let problem = try XCTUnwrap(problems(.android, token: "", payload: data).first)
        XCTAssertEqual(
            [problem.message, problem.limit, problem.measured], ["the registration token is empty", "a token", #""""#])
        XCTAssertEqual(DeliveryRule.fcmMissingRegistration.summary, "the registration token is empty")
    }

    func test_fcmInvalidRegistration_rejects_whenTheTokenHasCharactersFCMTokensNeverHave() throws {
        for token in ["fcm-token-1", "dXpQ3h5tS0e:APA91bH_x-Yq.z9"] {
            XCTAssertEqual(codes(.android, token: token, payload: data), [], token)
        }
        for token in ["fcm token", "a/b+c=", "токен", "\"quoted\""] {
            XCTAssertEqual(codes(.android, token: token, payload: data), ["!InvalidRegistration"], token)
        }
        let problem = try XCTUnwrap(problems(.android, token: "fcm token", payload: data).first)
        XCTAssertEqual(problem.message, #"the registration token contains " ""#)
    }

    func test_fcmMessageTooBig_rejects_whenKeysAndValuesExceed4096Bytes() throws {
        // GIVEN data whose keys and values are 4,096 bytes (7 + 4,089; its JSON is 4,103) and then 4,097
        let fits = #"{"message":""# + String(repeating: "x", count: 4089) + #""}"#
        let over = #"{"message":""# + String(repeating: "x", count: 4090) + #""}"#
        // THEN FCM counts the keys and values, not the JSON around them
        XCTAssertEqual(fits.utf8.count, 4103)
        XCTAssertEqual(codes(.android, token: "t", payload: fits), [])
        let problem = try XCTUnwrap(problems(.android, token: "t", payload: over).first)
        XCTAssertEqual(problem.code, "MessageTooBig")
        XCTAssertEqual(problem.measured, "4097 bytes")
        XCTAssertEqual(problem.limit, "4096 bytes")
    }

    func test_fcmInvalidDataKey_rejects_whenAKeyIsReservedByFCM() throws {
        for key in ["fromage", "googled", "gcm", "message"] {
            XCTAssertEqual(codes(.android, token: "t", payload: #"{"\#(key)":"v"}"#), [], key)
        }
        for key in ["from", "notification", "message_type", "google.c.a.e", "gcm.n.e"] {
            XCTAssertEqual(codes(.android, token: "t", payload: #"{"\#(key)":"v"}"#), ["!InvalidDataKey"], key)
        }
        let problem = try XCTUnwrap(problems(.android, token: "t", payload: #"{"a":"1","from":"me"}"#).first)
        XCTAssertEqual(problem.measured, #""from""#)
    }

    func test_fcmInvalidParameters_rejects_whenDataIsNotAnObjectOfStrings() throws {
        XCTAssertEqual(codes(.android, token: "t", payload: #"{"count":"1"}"#), [])
        let number = try XCTUnwrap(problems(.android, token: "t", payload: #"{"a":"x","count":1}"#).first)
        XCTAssertEqual(number.code, "InvalidParameters")
        XCTAssertEqual(number.measured, #""count": number"#)
        XCTAssertEqual(codes(.android, token: "t", payload: #"["x"]"#), ["!InvalidParameters"])
    }

    func test_hmsPayloadTooLarge_rejects_whenOver4000Bytes_andNoFCMRuleApplies() throws {
        let frame = #"{"message":""}"#
        let fits = #"{"message":""# + String(repeating: "x", count: 4000 - frame.utf8.count) + #""}"#
        XCTAssertEqual(codes(.huawei, token: "hms token", payload: fits), [], "FCM's token and key rules are not HMS's")
        XCTAssertEqual(codes(.huawei, token: "t", payload: fits + " "), ["!PayloadTooLarge"])
        XCTAssertEqual(codes(.huawei, token: "t", payload: #"{"from":1}"#), [])
        let problem = try XCTUnwrap(problems(.huawei, token: "t", payload: fits + " ").first)
        XCTAssertEqual(problem.message, "Payload of 4001 bytes exceeds the HMS data message limit of 4000 bytes")
        XCTAssertEqual([problem.limit, problem.measured], ["4000 bytes", "4001 bytes"])
    }
}
