import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A vendor of one's own gets the push networks' checks on what it records (DeliveryChecks.md), with the APNs
/// headers it chose held against its payloads.
final class EchoDeliveryChecksTests: XCTestCase {
    private func push(_ fake: PushFake, _ body: String) -> Delivery? {
        let exchange = fake.send("POST", "/echo/devices/d1/push", json: body)
        XCTAssertEqual(exchange.response.status, 200, String(decoding: exchange.response.body, as: UTF8.self))
        return fake.deliveries.last
    }

    func test_ownVendor_getsItsHeadersChecked_whenABackgroundPushHasPriority10() throws {
        // GIVEN a vendor that records APNs headers
        let fake = try PushFake.withEcho()
        // WHEN it sends a background push at priority 5, then the same at priority 10
        let five = try XCTUnwrap(
            push(
                fake,
                #"{"platform":"ios","token":"ab12","payload":{"aps":{"content-available":1}},"pushType":"background","priority":5}"#
            ))
        let ten = try XCTUnwrap(
            push(
                fake,
                #"{"platform":"ios","token":"ab12","payload":{"aps":{"content-available":1}},"pushType":"background","priority":10}"#
            ))
        // THEN the first is delivered with its headers, the second refused as APNs would (BadPriority)
        XCTAssertEqual(five.status, .delivered)
        XCTAssertEqual(five.apns, Delivery.APNsHeaders(pushType: "background", priority: 5))
        XCTAssertEqual(five.jsonValue["apns"], ["pushType": "background", "priority": 5])
        XCTAssertEqual(ten.status, .failed(reason: "BadPriority"))
        let note = try XCTUnwrap(fake.journal.entries.last?.notes.last)
        XCTAssertTrue(note.hasPrefix("delivery \(ten.id) to d1 (ios): rejected BadPriority: "), note)
    }

    func test_ownVendor_getsAWarning_whenAnAlertPushOnlySetsTheBadge() throws {
        let fake = try PushFake.withEcho()
        let shown = try XCTUnwrap(
            push(fake, #"{"platform":"ios","token":"ab12","payload":{"aps":{"alert":"Hi","badge":2}}}"#))
        let badge = try XCTUnwrap(push(fake, #"{"platform":"ios","token":"ab12","payload":{"aps":{"badge":2}}}"#))
        XCTAssertEqual(shown.problems, [])
        XCTAssertEqual(badge.status, .delivered)
        XCTAssertEqual(badge.warnings.map(\.code), ["NoVisibleAlert"])
        XCTAssertEqual(badge.warnings.first?.measured, "badge only")
    }

    func test_ownVendor_getsFCMsDataRules_whenItsAndroidPayloadBreaksThem() throws {
        let fake = try PushFake.withEcho()
        let fine = try XCTUnwrap(push(fake, #"{"platform":"android","token":"fcm-1","payload":{"title":"Hi"}}"#))
        let reserved = try XCTUnwrap(push(fake, #"{"platform":"android","token":"fcm-1","payload":{"gcm.n.e":"1"}}"#))
        let number = try XCTUnwrap(push(fake, #"{"platform":"android","token":"fcm-1","payload":{"count":3}}"#))
        let empty = try XCTUnwrap(push(fake, #"{"platform":"android","token":"","payload":{"title":"Hi"}}"#))
        XCTAssertEqual(fine.status, .delivered)
        XCTAssertEqual(reserved.status, .failed(reason: "InvalidDataKey"))
        XCTAssertEqual(number.status, .failed(reason: "InvalidParameters"))
        XCTAssertEqual(empty.status, .failed(reason: "MissingRegistration"))
    }

    func test_ownVendor_withoutTokens_isNotTokenChecked_whenItRecordsNone() throws {
        // The echo route of old records Android deliveries without a token: nothing to check there.
        let fake = try PushFake.withEcho()
        fake.send("POST", "/echo/devices/d1")
        fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"hi"}"#)
        XCTAssertEqual(fake.deliveries.last?.status, .delivered)
        XCTAssertEqual(fake.deliveries.last?.problems, [])
    }
}
