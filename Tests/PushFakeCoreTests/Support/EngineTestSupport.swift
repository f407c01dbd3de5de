import PushFakeCore
import XCTest

/// Small helpers for driving an engine directly in tests.
extension PushFake {
    @discardableResult
    func send(
        _ method: String, _ target: String, json: String? = nil, headers: HTTPHeaders = [:]
    ) -> Exchange {
        handle(FakeRequest(method: method, target: target, headers: headers, body: Array((json ?? "").utf8)))
    }

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

extension Exchange {
    var json: JSON? { response.json }
    var bodyText: String { String(decoding: response.body, as: UTF8.self) }
}
