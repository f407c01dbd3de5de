import Foundation

extension TwinPushHandler {
    /// Which token a call needs once apps are declared (TwinPushWireProtocol.md §2, §9; FakeBehaviour.md Common).
    private enum Credential {
        case none
        case apiToken
        case creatorToken
    }

    private static func credential(for operation: Operation) -> Credential {
        switch operation {
        case .register, .notificationReport, .notificationDeliveries, .listDevices, .showDevice: return .apiToken
        case .createNotification, .deleteNotification: return .creatorToken
        default: return .none
        }
    }

    /// With declared apps, the API token on register and the backend reads, the creator token on create and
    /// delete. Device calls are authenticated by the device id alone (TwinPushWireProtocol.md §2). With no declared apps,
    /// nothing is checked.
    static func authenticate(_ context: VendorContext, app: String, state: TwinPushState) throws(TwinPushFailure) {
        guard let declared = state.declaredApps[app] else { return }
        switch credential(for: context.route.operation) {
        case .none:
            return
        case .apiToken:
            guard let token = context.request.headers[apiTokenHeader], token.hasSameBytes(as: declared.apiToken) else {
                throw TwinPushFailure(.invalidToken, "API key token is not valid or does not match App ID")
            }
        case .creatorToken:
            guard let token = context.request.headers[creatorTokenHeader], token.hasSameBytes(as: declared.creatorToken)
            else {
                throw TwinPushFailure(.invalidCreatorToken, "Creator token is not valid or does not match App ID")
            }
        }
    }

    /// The index of the device a device call is about. Calls sent without `/devices/{device}` (an SDK that has
    /// no device id yet, TwinPushWireProtocol.md §1 and §8) answer 404 `DeviceNotFound` (*fake-specific* message), as a
    /// server that cannot tell whose badge, inbox or properties they are about.
    static func requireDevice(_ context: inout VendorContext, state: TwinPushState) throws(TwinPushFailure) -> Int {
        guard let id = context.route.parameter("device") else {
            throw TwinPushFailure(
                .deviceNotFound,
                "Device id missing from the path: the device is not registered yet (register it first)")
        }
        let index: Int?
        if let app = context.route.parameter("app") {
            index = state.deviceIndex(id: id, app: app)
        } else {
            index = state.deviceIndex(id: id)
        }
        guard let index else { throw TwinPushFailure(.deviceNotFound, "Device not found for device_id \(id)") }
        context.app = state.appID(index)
        return index
    }

    /// The notification a call names, when it exists in `app` and was not deleted.
    static func requireNotification(
        _ id: String, app: String, state: TwinPushState
    ) throws(TwinPushFailure) -> TwinPushNotificationRecord {
        guard let record = state.notifications[id], record.notification.appID.hasSameBytes(as: app) else {
            throw TwinPushFailure(.notificationNotFound, "Notification not found for notification_id \(id)")
        }
        return record
    }

    /// The notification a backend call names in its path (`/apps/{app}/notifications/{notification}`), with its id.
    static func requireNotification(
        _ context: VendorContext, state: TwinPushState
    ) throws(TwinPushFailure) -> (id: String, record: TwinPushNotificationRecord) {
        let id = context.parameter("notification")
        return (id, try requireNotification(id, app: context.parameter("app"), state: state))
    }

    /// The request body; `handle` has already turned a non-object POST body into 400, and other methods' bodies
    /// count as `{}` (FakeBehaviour.md, Common).
    static func body(_ context: VendorContext) -> JSONObject {
        context.bodyObject ?? JSONObject()
    }

    /// `200 {}` for void endpoints (TwinPushWireProtocol.md §4.1).
    static var ok: FakeResponse { .json(200, .object(JSONObject())) }

    /// A string list from a JSON array of strings; `nil` when the value is not one.
    static func strings(_ value: JSON) -> [String]? {
        guard let items = value.arrayValue else { return nil }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let text = item.stringValue else { return nil }
            result.append(text)
        }
        return result
    }

    /// A list parameter: a JSON array of strings, or a lone string read as a one-element list (*fake-specific*,
    /// FakeBehaviour.md: a Rails server that wraps a scalar with `Array(…)` reads `"tags": "tp_rich"` so, and a Ruby
    /// client's README sends it); `nil` for anything else.
    static func stringList(_ value: JSON) -> [String]? {
        if let text = value.stringValue { return [text] }
        return strings(value)
    }

    /// `tags` must all be present and `no_tags` all absent (TwinPushWireProtocol.md §5.10); tags compare by their
    /// bytes (FakeBehaviour.md, Identity).
    static func matches(_ tags: [String], all required: [String], none excluded: [String]) -> Bool {
        required.allSatisfy(tags.containsBytes) && !excluded.contains(where: tags.containsBytes)
    }
}
