import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Small helpers for driving an engine directly in tests.
/// (`send(_:_:json:headers:)`, `Exchange.json` and `Exchange.bodyText` are PushFakeTestSupport's.)
extension PushFake {
    @discardableResult
    func tpnsRegister(
        deviceId: String = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", token: String? = "ab12",
        appKey: String = "testApp", type: String = "IOS_SAND"
    ) -> Exchange {
        var body: JSON = [
            "deviceId": .string(deviceId), "applicationKey": .string(appKey), "applicationType": .string(type),
        ]
        if let token, case .object(var object) = body {
            object["deviceRegistrationId"] = .string(token)
            body = .object(object)
        }
        return send("POST", "/TPNS/api/device/register", json: body.serializedString())
    }

    @discardableResult
    func tpnsUnregister(deviceId: String, appKey: String = "testApp") -> Exchange {
        send("PUT", "/TPNS/api/application/\(appKey)/device/\(deviceId)/unregister")
    }
}
