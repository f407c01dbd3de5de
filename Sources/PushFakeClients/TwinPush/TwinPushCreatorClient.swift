import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A backend's TwinPush client for the creator and reporting API (TwinPushWireProtocol.md §9): create, show and delete
/// notifications, read their report and deliveries, list and show devices.
///
/// Tokens go where §9 says: `X-TwinPush-REST-API-Key-Creator` on create and delete, `X-TwinPush-REST-API-Token`
/// on report, deliveries and the device reads, both on show (as the Ruby gem sends them). Every request has
/// `Accept: application/json`; POST bodies have `Content-Type: application/json`.
///
/// ```swift
/// let backend = TwinPushCreatorClient(
///     session: fake.makeURLSession(), baseURL: fake.twinPushBaseURL, appID: appID,
///     apiToken: apiToken, creatorToken: creatorToken)
/// let notification = try await backend.createNotification(
///     ["devices_aliases": ["ana"], "alert": "Your order shipped", "inbox": true])
/// let report = try await backend.report(notification["id"]?.stringValue ?? "")
/// ```
public final class TwinPushCreatorClient: Sendable {
    /// `X-TwinPush-REST-API-Key-Creator`.
    public static let creatorTokenHeader = "X-TwinPush-REST-API-Key-Creator"

    /// The app id (the `{app}` path segment).
    public let appID: String
    private let baseURL: URL
    private let apiToken: String?
    private let creatorToken: String?
    private let http: TwinPushHTTP

    /// Creates a backend client for one app; nothing is sent until the first call.
    ///
    /// - Parameters:
    ///   - session: the session requests go through.
    ///   - baseURL: `…/api/v2` (`fake.twinPushBaseURL`).
    ///   - appID: the app id.
    ///   - apiToken: `X-TwinPush-REST-API-Token`, left out when `nil`.
    ///   - creatorToken: `X-TwinPush-REST-API-Key-Creator`, left out when `nil`.
    public init(session: URLSession, baseURL: URL, appID: String, apiToken: String?, creatorToken: String?) {
        self.http = TwinPushHTTP(session: session)
        self.baseURL = baseURL
        self.appID = appID
        self.apiToken = apiToken
        self.creatorToken = creatorToken
    }

    /// `POST /apps/{app}/notifications` (§9, creator token) with `body` as given (flat JSON: `alert`, one target,
    /// …). Returns `objects[0]`, the created notification.
    public func createNotification(_ body: JSON) async throws -> JSON {
        let answer = try await send("POST", ["notifications"], body: body, creator: true)
        guard let notification = answer.json["objects"]?[0] else {
            throw TwinPushClientError.invalidResponse(
                status: answer.status, "create answer has no objects[0]", body: answer.json)
        }
        return notification
    }

    /// `GET /apps/{app}/notifications/{nid}` (§9): the answer as it comes (the notification object).
    public func showNotification(_ notificationID: String) async throws -> JSON {
        try await send("GET", ["notifications", notificationID], creator: true, api: true).json
    }

    /// `DELETE /apps/{app}/notifications/{nid}` (§9, creator token): removes it from the system and every inbox.
    public func deleteNotification(_ notificationID: String) async throws {
        _ = try await send("DELETE", ["notifications", notificationID], creator: true)
    }

    /// `GET /apps/{app}/notifications/{nid}/report` (§9, API token): `status`, `delivery_count`,
    /// `received_count`, `opening_count`, `errors`, `notification`.
    public func report(_ notificationID: String) async throws -> JSON {
        try await send("GET", ["notifications", notificationID, "report"], api: true).json
    }

    /// `GET /apps/{app}/notifications/{nid}/deliveries?page=&per_page=` (§9, API token): paginated
    /// `{id, created_at, received_at, open_at, device}`.
    public func deliveries(_ notificationID: String, page: Int = 1, perPage: Int = 30) async throws -> TwinPushPage {
        let query = Self.query([("page", String(page)), ("per_page", String(perPage))])
        let answer = try await send("GET", ["notifications", notificationID, "deliveries"], query: query, api: true)
        return try Self.page(answer, page: page)
    }

    /// `GET /apps/{app}/devices` (§9, API token): paginated devices, filtered by `alias`, `active` and `date`
    /// (registration changed since, e.g. `2014-04-21`); filters left `nil` are not sent.
    public func listDevices(
        page: Int = 1, perPage: Int = 30, alias: String? = nil, active: Bool? = nil, date: String? = nil
    ) async throws -> TwinPushPage {
        let query = Self.query([
            ("page", String(page)), ("per_page", String(perPage)), ("alias", alias),
            ("active", active.map(String.init)), ("date", date),
        ])
        return try Self.page(try await send("GET", ["devices"], query: query, api: true), page: page)
    }

    /// `GET /apps/{app}/devices/{dev}` (§9, API token): the bare Device object.
    public func showDevice(_ deviceID: String) async throws -> JSON {
        try await send("GET", ["devices", deviceID], api: true).json
    }

    private func send(
        _ method: String, _ segments: [String], query: String? = nil, body: JSON? = nil, creator: Bool = false,
        api: Bool = false
    ) async throws -> TwinPushAnswer {
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        if api, let apiToken { headers.append((TwinPushDeviceClient.apiTokenHeader, apiToken)) }
        if creator, let creatorToken { headers.append((Self.creatorTokenHeader, creatorToken)) }
        let url = try TwinPushHTTP.url(baseURL, ["apps", appID] + segments, query: query)
        return try await http.send(TwinPushCall(method: method, url: url, headers: headers, body: body))
    }

    private static func query(_ items: [(String, String?)]) -> String {
        items.compactMap { key, value in value.map { "\(key)=" + TwinPushHTTP.androidEncode($0) } }
            .joined(separator: "&")
    }

    private static func page(_ answer: TwinPushAnswer, page: Int) throws -> TwinPushPage {
        guard let objects = answer.json["objects"]?.arrayValue else {
            throw TwinPushClientError.invalidResponse(
                status: answer.status, "list answer has no objects array", body: answer.json)
        }
        let totalPages = answer.json["total_pages"]?.intValue
        return TwinPushPage(
            objects: objects, totalPages: totalPages, hasMore: totalPages.map { page < $0 } ?? false,
            json: answer.json)
    }
}
