import Foundation
import PushFakeClients
import PushFakeCore

/// A vendor request as a fleet device puts it on the wire: method, path (from the server's root), the SDK's headers
/// and body bytes. Built by ``FleetWire``; sent by a ``FleetTransport``.
public struct FleetRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var headers: [FleetHeader]
    public var body: [UInt8]
    /// What the request is, for the report's error counts.
    public var step: FleetStep
}

/// One request header.
public struct FleetHeader: Sendable, Equatable {
    public var name: String
    public var value: String
}

/// Where the vendors live on the server and which app the devices belong to.
public struct FleetApp: Sendable, Equatable {
    /// TwinPush app id (`{app}`), also the TPNS application key unless ``tpnsApplicationKey`` is set.
    public var appID: String
    /// TwinPush `X-TwinPush-REST-API-Token` (sent on register).
    public var apiKey: String
    /// TPNS `applicationKey`.
    public var tpnsApplicationKey: String
    /// The TwinPush iOS `serverURL` path: `/api/v2`.
    public var twinPushPath: String = "/api/v2"
    /// The TPNS base path: `/TPNS`.
    public var tpnsPath: String = "/TPNS"

    public init(appID: String, apiKey: String, tpnsApplicationKey: String? = nil) {
        self.appID = appID
        self.apiKey = apiKey
        self.tpnsApplicationKey = tpnsApplicationKey ?? appID
    }
}

/// Builds each profile's requests exactly as its SDK does, reusing PushFakeClients' knowledge of headers and bodies.
struct FleetWire {
    let app: FleetApp

    /// The request for `step` of a device; `serverID` is the TwinPush device id from register, `notification` the
    /// notification id, `now` the device clock (iOS `open_at` / `closed_at`).
    func request(
        _ step: FleetStep, profile: FleetProfile, identity: FleetIdentity?, serverID: String?, notification: String?,
        now: Date
    ) -> FleetRequest {
        if profile == .tpnsIOS, let identity { return tpns(step, identity: identity) }
        let flavour: TwinPushDeviceClient.Flavour = profile == .twinpushIOS ? .iOS : .android
        let base = app.twinPushPath + "/apps/" + Self.segment(app.appID)
        let device = "/devices/" + Self.segment(serverID ?? "")
        let unix = JSON.int(Int(now.timeIntervalSince1970.rounded(.down)))
        var parameters = JSONObject()
        var path: String
        switch step {
        case .register:
            guard let identity else {
                return FleetRequest(method: "POST", path: base, headers: [], body: [], step: step)
            }
            var info = flavour == .iOS ? TwinPushDeviceInfo.iOS(udid: identity.udid) : .android(udid: identity.udid)
            info.language = identity.language
            let body = info.registerBody(pushToken: identity.token, alias: identity.alias)
            return FleetRequest(
                method: "POST", path: base + "/devices/register",
                headers: flavour.headers("POST", apiToken: app.apiKey).map {
                    FleetHeader(name: $0.name, value: $0.value)
                },
                body: body.serialized(), step: step)
        case .receiptExtension:
            // The extension sends no headers and no body, on the app-less path (TwinPushWireProtocol.md §5.6b).
            let path = app.twinPushPath + device + "/notifications/" + Self.segment(notification ?? "")
            return FleetRequest(
                method: "POST", path: path + "/received_notification", headers: [], body: [], step: step)
        case .vendorReport:
            // Built by vendorReportRequests(notification:); a device never sends it.
            path = base + "/notifications/" + Self.segment(notification ?? "") + "/report"
        case .unregister, .updateBadge:
            // TwinPush has no unregister endpoint: the fleet only builds it for TPNS; update_badge resets to 0.
            parameters = ["badge": flavour == .iOS ? .string("0") : .int(0)]
            path = base + device + "/update_badge"
        case .openApp:
            if flavour == .iOS { parameters = ["open_at": unix] }
            path = base + device + "/open_app"
        case .closeApp:
            if flavour == .iOS { parameters = ["closed_at": unix] }
            path = base + device + "/close_app"
        case .openNotification:
            if flavour == .iOS { parameters = ["open_at": .string(TwinPushDeviceClient.iOSOpenNotificationTimestamp)] }
            path = base + device + "/notifications/" + Self.segment(notification ?? "") + "/open_notification"
        case .receivedNotification:
            path = base + device + "/notifications/" + Self.segment(notification ?? "") + "/received_notification"
        }
        return FleetRequest(
            method: "POST", path: path,
            headers: flavour.headers("POST").map { FleetHeader(name: $0.name, value: $0.value) },
            body: flavour.postBody(parameters)?.serialized() ?? [], step: step)
    }

    /// `GET …/notifications/{id}/report` and `GET …/notifications/{id}/deliveries?per_page=1` with the API token
    /// (TwinPushWireProtocol.md §9): the vendor's counts, and the deliveries' `total_entries`.
    func vendorReportRequests(notification: String) -> (report: FleetRequest, deliveries: FleetRequest) {
        let base =
            app.twinPushPath + "/apps/" + Self.segment(app.appID) + "/notifications/" + Self.segment(notification)
        let headers = [
            FleetHeader(name: "Accept", value: "application/json"),
            FleetHeader(name: TwinPushDeviceClient.apiTokenHeader, value: app.apiKey),
        ]
        return (
            FleetRequest(method: "GET", path: base + "/report", headers: headers, body: [], step: .vendorReport),
            FleetRequest(
                method: "GET", path: base + "/deliveries?page=1&per_page=1", headers: headers, body: [],
                step: .vendorReport)
        )
    }

    /// TPNS_iOS 1.1.2 (TPNSWireProtocol.md §4–§6): JSON `Accept` and `Content-Type`, lowercase hex token, `IOS`.
    private func tpns(_ step: FleetStep, identity: FleetIdentity) -> FleetRequest {
        let headers = [
            FleetHeader(name: "Accept", value: "application/json"),
            FleetHeader(name: "Content-Type", value: "application/json"),
        ]
        if step == .unregister {
            let path =
                app.tpnsPath + "/api/application/" + Self.segment(app.tpnsApplicationKey) + "/device/"
                + Self.segment(identity.udid) + "/unregister"
            return FleetRequest(method: "PUT", path: path, headers: headers, body: [], step: step)
        }
        let body: JSON = [
            "deviceId": .string(identity.udid), "deviceRegistrationId": .string(identity.token),
            "applicationKey": .string(app.tpnsApplicationKey), "applicationType": "IOS",
        ]
        return FleetRequest(
            method: "POST", path: app.tpnsPath + "/api/device/register", headers: headers, body: body.serialized(),
            step: .register)
    }

    private static let segmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove("/")
        return set
    }()

    /// `text` percent-encoded as one path segment. Ids made of ASCII letters, digits and `-._~` (all the fleet's
    /// own) need no encoding and skip Foundation's encoder, which was a sixth of a virtual-time campaign's CPU.
    static func segment(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? text
    }

    /// RFC 3986 unreserved: a subset of what ``segmentAllowed`` keeps, so the fast path encodes nothing differently.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}
