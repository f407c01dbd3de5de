import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Every error answer TwinPush gives, against the vendor's documented vocabulary (the "API Concepts" page, "HTTP Status Codes"
/// and "Common error messages"; TwinPushWireProtocol.md §4.4). The handlers' answers come from the closed
/// `TwinPushRefusal` set, so listing its cases lists them all; the engine adds the route, method and proxy answers.
/// An answer outside the documented table must have its row, with the same status, in FakeBehaviour.md (TwinPush,
/// Errors).
final class TwinPushErrorVocabularyTests: XCTestCase {
    /// The documented table: type → status.
    private static let documentedTypes: [String: Int] = [
        "InvalidToken": 403, "InvalidCreatorToken": 403, "AppNotFound": 404, "DeviceNotFound": 404,
        "NotificationNotFound": 404, "DeliveryNotFound": 404, "NotificationNotCreated": 422, "DeviceNotCreated": 422,
        "DeviceNotUpdated": 422, "InvalidProperty": 422,
    ]

    /// The rows of FakeBehaviour.md's TwinPush error table: type → status.
    private static func fakeSpecificRows() -> [String: Int] {
        var rows: [String: Int] = [:]
        let section = DocCArticle("FakeBehaviour").section("TwinPush", "Errors")
        for cells in DocCArticle.rows(section) where cells.count >= 2 {
            let types = cells[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let statuses = cells[1].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            for (type, status) in zip(types, statuses) where type.hasPrefix("`") {
                rows[type.trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = status
            }
        }
        return rows
    }

    /// A request that makes the handlers give `refusal`, or `nil` when no request can (the case guards the fake's
    /// own consistency). A switch without `default`: a new case does not compile until it has its trigger here.
    private func trigger(_ refusal: TwinPushRefusal) -> ((TwinPushTestClient) -> TwinPushReply)? {
        switch refusal {
        case .invalidToken:
            return { $0.send("POST", $0.path("/devices/register"), #"{"udid":"u","platform":"ios"}"#) }
        case .invalidCreatorToken:
            return { $0.send("POST", $0.path("/notifications"), #"{"broadcast":true,"alert":"x"}"#) }
        case .appNotFound:
            return { $0.send("GET", "/api/v2/apps/0000000000000000/devices/1000000000000001/badge") }
        case .deviceNotFound:
            return { $0.send("GET", $0.devicePath("1000000000000009", "/badge")) }
        case .notificationNotFound:
            return { $0.send("GET", $0.devicePath($0.registerIOS(), "/notifications/2000000000000009")) }
        case .deliveryNotFound:
            return { client in
                let nid = client.notify(#"{"devices_ids":["\#(client.registerIOS(udid: "a"))"],"alert":"x"}"#)
                let other = client.registerIOS(udid: "b")
                return client.send("POST", client.devicePath(other, "/notifications/\(nid)/open_notification"))
            }
        case .notificationNotCreated:
            return { $0.create(#"{"alert":"no target"}"#) }
        case .deviceNotCreated:
            return {
                $0.send(
                    "POST", $0.path("/devices/register"), #"{"platform":"ios"}"#,
                    headers: ["X-TwinPush-REST-API-Token": TwinPushTestClient.apiToken])
            }
        case .deviceNotUpdated:
            return { $0.send("POST", $0.devicePath($0.registerIOS(), "/update_badge"), #"{"badge":"lots"}"#) }
        case .invalidProperty:
            return {
                $0.send(
                    "POST", $0.devicePath($0.registerIOS(), "/set_custom_property"),
                    #"{"name":"eyes","type":"colour","value":"green"}"#)
            }
        case .aliasNotSet:
            return { $0.send("GET", $0.devicePath($0.registerIOS(), "/inbox_summary")) }
        case .notAcceptable:
            return { $0.send("POST", $0.devicePath($0.registerIOS(), "/update_badge"), #"{"badge":"#) }
        case .badRequest:
            return { $0.send("POST", $0.devicePath($0.registerIOS(), "/search_notifications"), #"{"page":"one"}"#) }
        case .internalServerError:
            return nil
        }
    }

    func test_everyHandlerRefusal_isDocumentedOrExplained_andAnsweredWithItsStatus() {
        let documented = Self.documentedTypes
        let explained = Self.fakeSpecificRows()
        XCTAssertFalse(explained.isEmpty, "FakeBehaviour.md has no TwinPush error table")
        for refusal in TwinPushRefusal.allCases {
            let type = refusal.type
            // THEN its type and status are the documented ones, or FakeBehaviour explains them
            if let status = documented[type.rawValue] {
                XCTAssertEqual(type.status, status, "\(type) differs from the documented table")
            } else {
                XCTAssertEqual(
                    explained[type.rawValue], type.status, "\(type) (\(type.status)) has no row in FakeBehaviour.md")
            }
            // AND a request produces exactly that answer, in the vendor's error shape
            guard let trigger = trigger(refusal) else { continue }
            let reply = trigger(TwinPushTestClient.strict())
            assertTwinPushError(reply, type.status, type.rawValue)
            XCTAssertEqual(reply.json.objectValue?.keys, ["errors"], reply.text)
            XCTAssertEqual(reply.json["errors"]?.objectValue?.keys.sorted(), ["message", "type"], reply.text)
        }
    }

    func test_everyDocumentedType_isAnsweredBySomeRefusal() {
        // The other way round: no documented type is left without a case that gives it.
        let given = Set(TwinPushRefusal.allCases.map(\.type.rawValue))
        XCTAssertEqual(Set(Self.documentedTypes.keys).subtracting(given), [])
    }

    func test_engineAnswers_underTheTwinPushPrefix_areDocumentedOrExplained() {
        let explained = Self.fakeSpecificRows()
        let client = TwinPushTestClient.strict()
        // GIVEN the answers the engine gives before a handler runs: no route, another method, a failed upstream
        let proxy = ProxiedExchange(mode: .proxy, upstream: "https://app.twinpush.com/api/v2", latency: 1)
        let request = FakeRequest(method: "GET", path: client.path("/devices/1000000000000001/badge"))
        let replies = [
            client.send("GET", client.path("/nowhere")), client.send("PUT", client.path("/notifications"), "{}"),
            TwinPushReply(
                response: client.fake.recordProxied(
                    request, outcome: .failed(status: 502, cause: "refused"), proxied: proxy
                ).response),
            TwinPushReply(
                response: client.fake.recordProxied(
                    request, outcome: .failed(status: 504, cause: "timeout"), proxied: proxy
                ).response),
        ]
        // THEN each is in the vendor shape, and its type is in FakeBehaviour's table with the status it carries
        XCTAssertEqual(replies.map(\.status), [404, 405, 502, 504])
        for reply in replies {
            let type = reply.errorType ?? ""
            XCTAssertEqual(explained[type], reply.status, "\(type) (\(reply.status)) has no row in FakeBehaviour.md")
            assertTwinPushError(reply, reply.status, type)
        }
    }
}
