import Foundation
import PushFakeCore

/// How a device call goes out when the client has no device id (TwinPushWireProtocol.md §8).
enum TwinPushMissingDevice {
    /// Sent without the `/devices/{id}` segment.
    case sendWithoutDevice
    /// Not sent; the SDK logs and carries on (the method returns `false`).
    case skip
    /// Not sent; the SDK calls the error listener (``TwinPushClientError/Code/deviceNotRegistered``).
    case refuse
}

extension TwinPushDeviceClient {
    /// Android is given the host and adds `/api/v2` itself (§1); iOS is given the full base.
    var apiPrefix: [String] { flavour == .android ? ["api", "v2"] : [] }

    /// The headers each SDK sets (§2): iOS `Content-Type: application/json` and `Accept: application/json` on
    /// every request; Android (Volley) `Content-Type: application/json; charset=utf-8` only when a body is sent
    /// (POST), no `Accept`. The API token only on register.
    func headers(_ method: String, apiToken: Bool = false) -> [(name: String, value: String)] {
        flavour.headers(method, apiToken: apiToken ? apiKey : nil)
    }

    /// The body each SDK sends (§3): iOS only for POST with at least one parameter; Android for every POST,
    /// `{}` when there are no parameters.
    func body(_ method: String, _ parameters: JSONObject) -> JSON? {
        method == "POST" ? flavour.postBody(parameters) : nil
    }

    /// The per-call policy without a device id (§8, Android `DefaultTwinPushSDK`).
    func missingDevicePolicy(_ operation: PushFakeCore.Operation) -> TwinPushMissingDevice {
        switch (flavour, operation) {
        case (_, .openApp), (_, .closeApp), (_, .reportStatistics): return .skip
        case (.iOS, .updateBadge), (.iOS, .openNotification), (.iOS, .receivedNotification): return .skip
        case (.iOS, .setCustomProperty), (.iOS, .clearCustomProperties): return .skip
        case (.android, .setCustomProperty), (.android, .clearCustomProperties): return .refuse
        default: return .sendWithoutDevice
        }
    }

    /// Sends one device call: `{base}/apps/{app}[/devices/{id}][/notifications/{nid}][/action][?query]`.
    ///
    /// - Returns: the answer, or `nil` when the call was skipped for want of a device id.
    func deviceCall(
        _ operation: PushFakeCore.Operation, _ method: String, notification: String? = nil, action: String?,
        parameters: JSONObject = JSONObject(), query: String? = nil
    ) async throws -> TwinPushAnswer? {
        var segments = apiPrefix + ["apps", appID]
        if let deviceID {
            segments += ["devices", deviceID]
        } else {
            switch missingDevicePolicy(operation) {
            case .sendWithoutDevice: break
            case .skip: return nil
            case .refuse: throw TwinPushClientError.notRegistered(operation.rawValue)
            }
        }
        if let notification { segments += ["notifications", notification] }
        if let action { segments.append(action) }
        let url = try TwinPushHTTP.url(baseURL, segments, query: query)
        return try await http.send(
            TwinPushCall(method: method, url: url, headers: headers(method), body: body(method, parameters)))
    }

    /// The page number as sent: iOS takes 1-based pages as they are; Android callers count from 0 and the SDK
    /// sends `page + 1` (§4.3).
    func wirePage(_ page: Int) -> Int {
        flavour == .android ? page + 1 : page
    }

    /// Reads a list answer the SDK's way (§4.3, §5.10, §5.11): `objects` is required (Android `getJSONArray`).
    func page(_ answer: TwinPushAnswer, page: Int, perPage: Int) throws -> TwinPushPage {
        guard let objects = answer.json["objects"]?.arrayValue else {
            throw TwinPushClientError.invalidResponse(
                status: answer.status, "list answer has no objects array", body: answer.json)
        }
        let totalPages = answer.json["total_pages"]?.intValue
        let hasMore: Bool
        switch flavour {
        case .iOS: hasMore = objects.count == perPage
        case .android: hasMore = totalPages.map { wirePage(page) < $0 } ?? false
        }
        return TwinPushPage(objects: objects, totalPages: totalPages, hasMore: hasMore, json: answer.json)
    }
}
