import Foundation
import PushFakeCore

extension TwinPushDeviceClient {
    /// `POST …/devices/{dev}/search_notifications` (TwinPushWireProtocol.md §5.10): the device's own notifications.
    ///
    /// iOS sends `{"tags", "no_tags", "per_page", "page"}` with the arrays only when non-empty; Android sends
    /// `{"page", "per_page", "tags", "no_tags"}` with the arrays whenever given. `page` and `per_page` are strings
    /// in both.
    ///
    /// - Parameters:
    ///   - page: iOS 1-based; Android 0-based, sent as `page + 1` (§4.3).
    ///   - perPage: results per page.
    ///   - tags: notifications must carry all of them.
    ///   - noTags: notifications must carry none of them.
    ///   - onlyRich: adds `tp_rich` to `tags` (the iOS inbox's "only rich", Android's default
    ///     `ignoreNonRichNotifications`).
    public func searchNotifications(
        page: Int, perPage: Int, tags: [String]? = nil, noTags: [String]? = nil, onlyRich: Bool = false
    ) async throws -> TwinPushPage {
        var tags = tags
        if onlyRich { tags = (tags ?? []) + ["tp_rich"] }
        let pagination: [(String, JSON)] = [
            ("page", .string(String(wirePage(page)))), ("per_page", .string(String(perPage))),
        ]
        var parameters = JSONObject()
        if flavour == .android { for (key, value) in pagination { parameters[key] = value } }
        for (key, list) in [("tags", tags), ("no_tags", noTags)] {
            guard let list, flavour == .android || !list.isEmpty else { continue }
            parameters[key] = .array(list.map(JSON.string))
        }
        if flavour == .iOS { for (key, value) in pagination.reversed() { parameters[key] = value } }
        let answer = try await deviceCall(
            .searchNotifications, "POST", action: "search_notifications", parameters: parameters)
        return try self.page(answer ?? TwinPushAnswer(status: 0, json: .null), page: page, perPage: perPage)
    }

    /// `GET …/devices/{dev}/inbox` (§5.11): the alias inbox; each object is an inbox item with a `notification`.
    ///
    /// iOS: `?per_page=N&page=N&tags[]=a&no_tags[]=c`, values encoded with `URLQueryAllowedCharacterSet` (which
    /// leaves `&`, `=`, `+`). Android: `?tags%5B%5D=a&no_tags%5B%5D=c&page=N&per_page=N`, everything encoded by
    /// `Uri.Builder`.
    ///
    /// The iOS SDK writes the brackets raw, but Foundation's `URL` cannot hold them: on Linux (and on Apple
    /// platforms since 2023) `URL(string:)` percent-encodes them, and in doing so encodes the `%` of every
    /// escape already in the string again (`a%20b` becomes `a%2520b`). So the client writes `tags%5B%5D` itself:
    /// on the wire both flavours show the encoded key, and the iOS values keep the SDK's encoding.
    ///
    /// - Parameters:
    ///   - page: iOS 1-based; Android 0-based, sent as `page + 1` (§4.3).
    ///   - perPage: results per page.
    ///   - tags: `tags[]` values (iOS sends them only when non-empty, Android whenever given).
    ///   - noTags: `no_tags[]` values, likewise.
    public func aliasInbox(
        page: Int, perPage: Int, tags: [String]? = nil, noTags: [String]? = nil
    ) async throws -> TwinPushPage {
        var items: [String] = []
        let filters = [("tags", tags ?? []), ("no_tags", noTags ?? [])]
        switch flavour {
        case .iOS:
            items = ["per_page=\(perPage)", "page=\(page)"]
            for (key, values) in filters { items += values.map { "\(key)%5B%5D=" + TwinPushHTTP.iOSEncode($0) } }
        case .android:
            for (key, values) in filters {
                items += values.map { TwinPushHTTP.androidEncode("\(key)[]") + "=" + TwinPushHTTP.androidEncode($0) }
            }
            items += ["page=\(wirePage(page))", "per_page=\(perPage)"]
        }
        let answer = try await deviceCall(
            .inbox, "GET", action: "inbox", query: items.joined(separator: "&"))
        return try self.page(answer ?? TwinPushAnswer(status: 0, json: .null), page: page, perPage: perPage)
    }

    /// `GET …/devices/{dev}/inbox_summary` (§5.12): `total_count` and `unopened_count`, both required.
    public func inboxSummary() async throws -> TwinPushInboxSummary {
        let answer = try await deviceCall(.inboxSummary, "GET", action: "inbox_summary")
        let json = answer?.json ?? .null
        guard let total = json["total_count"]?.intValue, let unopened = json["unopened_count"]?.intValue else {
            throw TwinPushClientError.invalidResponse(
                status: answer?.status ?? 0, "inbox summary needs total_count and unopened_count", body: json)
        }
        return TwinPushInboxSummary(totalCount: total, unopenedCount: unopened)
    }

    /// `GET …/devices/{dev}/notifications/{nid}` (§5.13). The SDKs disagree on the answer: iOS (since 3.7.2)
    /// reads the **bare** notification object; Android reads `objects[0]` and fails with "Notification not found"
    /// when `objects` is empty.
    ///
    /// - Returns: the notification object as the flavour reads it.
    public func notificationDetail(_ notificationID: String) async throws -> JSON {
        let answer = try await deviceCall(.getNotification, "GET", notification: notificationID, action: nil)
        let json = answer?.json ?? .null
        let notification = flavour == .iOS ? json : json["objects"]?[0]
        guard let notification, notification.objectValue != nil else {
            throw TwinPushClientError.invalidResponse(
                status: answer?.status ?? 0, "Notification not found", body: json)
        }
        return notification
    }

    /// `DELETE …/devices/{dev}/notifications/{nid}` (§5.14): removes it from the inbox; `notificationID` is the
    /// notification's id, not the inbox item's.
    public func deleteInboxNotification(_ notificationID: String) async throws {
        _ = try await deviceCall(.deleteInboxNotification, "DELETE", notification: notificationID, action: nil)
    }
}
