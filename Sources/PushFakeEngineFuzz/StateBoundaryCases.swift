import Foundation
import PushFakeCore

/// The state-document half of the boundary-value matrix: a document as the server writes it (StateFormat.md),
/// made from a fake that holds one of everything — devices of both vendors with badges, locations and custom
/// properties, sent and scheduled notifications with overrides, inbox items, deliveries, fault rules of every kind
/// and scope, the clock and the id counters — and every number in it (a JSON number, or a string of digits such as
/// an id or `faultRandom`) replaced, one at a time, by each boundary value. What the format writes is what it
/// reads, so a number the format gains appears here without a list to update.
public enum StateBoundaryCases {
    /// One document with one boundary value in it.
    public struct Case: Sendable, CustomStringConvertible {
        /// Where the value is, as the server's errors name it (`vendors.twinPush.devices[0].badge`).
        public let path: String
        public let value: String
        public let document: [UInt8]

        public var description: String { "state \(path) = \(value)" }

        /// `PUT /__pushfake/state` of the document.
        public var boundaryCase: BoundaryCase {
            BoundaryCase(
                answerer: .admin, route: "PUT /__pushfake/state", field: "state " + path, value: value, method: "PUT",
                path: "/__pushfake/state", headers: [("Content-Type", "application/json")], body: document)
        }
    }

    /// The document with one of everything.
    public static func richDocument() -> JSON {
        let fake = PushFake(PushFakeConfiguration(seed: 7))
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        func send(_ method: String, _ target: String, _ body: String) -> JSON? {
            fake.handle(FakeRequest(method: method, target: target, headers: json, body: Array(body.utf8))).response
                .json
        }
        _ = send(
            "POST", "/TPNS/api/device/register",
            #"{"deviceId":"D1","applicationKey":"k1","applicationType":"IOS","deviceRegistrationId":"ab","#
                + #""additionalParameters":[{"key":"n","value":5}]}"#)
        _ = send(
            "POST", "/TPNS/api/pushnotifications",
            #"[{"message":"m","handlingLevel":2,"applicationKey":"k1","applicationTypes":["IOS"]}]"#)
        let register = send(
            "POST", "/api/v2/apps/a1/devices/register",
            #"{"udid":"U1","platform":"android","push_token":"T1","alias_device":"al","os_version_code":33}"#)
        let device = register?["objects"]?[0]?["id"]?.stringValue ?? ""
        let base = "/api/v2/apps/a1/devices/\(device)"
        _ = send("POST", base + "/update_badge", #"{"badge":4}"#)
        _ = send("POST", base + "/report_statistics", #"{"device":{"latitude":41.5,"longitude":2.25}}"#)
        for (name, type, value) in [("i", "integer", "7"), ("f", "float", "1.5"), ("b", "boolean", "1")] {
            _ = send("POST", base + "/set_custom_property", #"{"name":"\#(name)","type":"\#(type)","value":\#(value)}"#)
        }
        let sent = send(
            "POST", "/api/v2/apps/a1/notifications",
            #"{"alert":"x","multiple_devices":{"\#(device)":{"badge":3,"custom_properties":{"n":2}}},"#
                + #""custom_properties":{"m":1},"badge":"+2","inbox":true}"#)
        let notification = sent?["objects"]?[0]?["id"]?.stringValue ?? ""
        _ = send("POST", base + "/notifications/\(notification)/open_notification", "{}")
        _ = send(
            "POST", "/api/v2/apps/a1/notifications",
            #"{"alert":"later","broadcast":true,"badge":5,"send_since":"2030-01-01 00:00:00 +0000"}"#)
        _ = fake.inject(.status(503, body: ["n": 1]), scope: .after(2, times: 3))
        _ = fake.inject(Fault.delay(1.5), scope: .probability(0.5, times: 2))
        _ = fake.inject(.tpnsError(.registrationIsAlreadyInProgress), scope: .times(4))
        _ = fake.inject(.twinPushError(TwinPushErrorType(rawValue: "Mine", status: 418)), scope: .always)
        return fake.stateSnapshot()
    }

    /// Every case: each number of ``richDocument()`` × each boundary value (JSON numbers for numbers, quoted
    /// strings for strings of digits).
    public static func cases() -> [Case] {
        let document = richDocument()
        var cases: [Case] = []
        for (steps, isString) in numbers(in: document, at: []) {
            guard let edited = JSONEditing.setting(.string(BoundaryCase.placeholder), at: steps[...], in: document)
            else { continue }
            let values = isString ? BoundaryValues.strings.map(BoundaryValues.quoted) : BoundaryValues.numbers
            for value in values {
                cases.append(
                    Case(
                        path: JSONEditing.text(steps), value: value,
                        document: BoundaryCase.bodyBytes(edited, replacing: BoundaryCase.placeholder, with: value)))
            }
        }
        return cases
    }

    /// Where the numbers of `json` are: JSON numbers, and strings of digits (an optional sign, then digits only).
    static func numbers(in json: JSON, at steps: [JSONEditing.Step]) -> [(steps: [JSONEditing.Step], isString: Bool)] {
        switch json {
        case .int, .double: return [(steps, false)]
        case .string(let text):
            let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
            let isNumber =
                !digits.isEmpty && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            return isNumber ? [(steps, true)] : []
        case .array(let elements):
            return elements.enumerated().flatMap { numbers(in: $0.element, at: steps + [.index($0.offset)]) }
        case .object(let object):
            return object.members.flatMap { numbers(in: $0.value, at: steps + [.key($0.key)]) }
        default:
            return []
        }
    }
}
