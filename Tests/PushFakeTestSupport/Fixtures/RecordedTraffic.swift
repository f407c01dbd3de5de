import Foundation
import PushFakeCore
import PushFakeHTTP

/// The traffic the recording tests (replay, the upstream proxy) record, replay and compare: servers that declare
/// ``TestApps/recorded``, the TPNS and TwinPush flows, and a stand-in for the real service that drifts from a
/// recording in known ways. The "real service" is always another PushFake.
package enum RecordedTraffic {
    /// Sends one request of a flow — method, path, JSON body, headers — and returns the answer's JSON.
    package typealias Send = (
        _ method: String, _ path: String, _ body: String?, _ headers: [(String, String)]
    ) async throws -> JSON?

    /// A started server with ``TestApps/recorded`` declared (so tokens are checked) and `seed`.
    package static func server(seed: UInt64 = 0) throws -> PushFakeServer {
        let server = PushFakeServer(
            fake: PushFake(PushFakeConfiguration(seed: seed, twinPushApps: [TestApps.recorded])))
        try server.start()
        return server
    }

    /// TPNS register and send, as the SDK and a backend send them, for application key `appKey`.
    package static func tpnsFlow(appKey: String, _ send: Send) async throws {
        _ = try await send(
            "POST", "/TPNS/api/device/register",
            #"{"deviceId":"D1","deviceRegistrationId":"ab12","applicationKey":"\#(appKey)","applicationType":"IOS"}"#,
            [])
        _ = try await send(
            "POST", "/TPNS/api/pushnotifications",
            #"[{"message":"Hi","handlingLevel":1,"applicationKey":"\#(appKey)","applicationTypes":["IOS"]}]"#, [])
    }

    /// The TwinPush flow: register, the backend creates a notification for the device's alias, the device opens it
    /// and reads its inbox summary, the backend reads the report (five requests). Returns the device and
    /// notification ids.
    @discardableResult
    package static func twinPushFlow(_ send: Send) async throws -> (device: String, notification: String) {
        let app = TestApps.recorded
        let base = "/api/v2/apps/\(app.id)"
        let registered = try await send(
            "POST", base + "/devices/register",
            #"{"udid":"U-1","platform":"ios","push_token":"0F1E2D3C","alias_device":"ana"}"#,
            [("X-TwinPush-REST-API-Token", app.apiToken)])
        let device = try TestSupportError.required(
            registered?["objects"]?[0]?["id"]?.stringValue, "no device id in \(registered ?? .null)")
        let created = try await send(
            "POST", base + "/notifications", #"{"devices_aliases":["ana"],"alert":"Shipped","inbox":true}"#,
            [("X-TwinPush-REST-API-Key-Creator", app.creatorToken)])
        let notification = try TestSupportError.required(
            created?["objects"]?[0]?["id"]?.stringValue, "no notification id in \(created ?? .null)")
        _ = try await send(
            "POST", base + "/devices/\(device)/notifications/\(notification)/open_notification", "{}", [])
        _ = try await send("GET", base + "/devices/\(device)/inbox_summary", nil, [])
        _ = try await send(
            "GET", base + "/notifications/\(notification)/report", nil, [("X-TwinPush-REST-API-Token", app.apiToken)])
        return (device, notification)
    }

    /// A stand-in upstream for the TwinPush flow recorded in `reference`: a PushFake that adds a field to the inbox
    /// summary, answers the report with 202 (the same body) and opens notifications `openDelay` seconds late.
    package static func standIn(differingFrom reference: [JournalEntry], openDelay: Double) throws -> PushFakeServer {
        guard reference.count == 5, case .object(var summary)? = reference[3].responseBody else {
            throw PushFakeError.invalidConfiguration("the reference has no inbox summary")
        }
        let standIn = try server()
        summary["extra"] = true
        standIn.fake.inject(.status(200, body: .object(summary)), when: .twinPush(.inboxSummary), scope: .always)
        standIn.fake.inject(
            .status(202, body: reference[4].responseBody), when: .twinPush(.notificationReport), scope: .always)
        standIn.fake.inject(.delay(openDelay), when: .twinPush(.openNotification), scope: .always)
        return standIn
    }

    /// The start of every drift test: the TwinPush flow run on a fresh server (the recorder, whose journal is the
    /// recording) and a ``standIn(differingFrom:openDelay:)`` for it. The caller stops both.
    package static func recordedFlowAndStandIn(openDelay: Double) async throws -> (
        recorder: PushFakeServer, standIn: PushFakeServer
    ) {
        let recorder = try server()
        do {
            try await twinPushFlow(urlSession(recorder))
            return (recorder, try standIn(differingFrom: recorder.fake.journal.entries, openDelay: openDelay))
        } catch {
            recorder.stop()
            throw error
        }
    }
}

extension RecordedTraffic {
    /// Sends through URLSession (an ephemeral session per request, `Content-Type: application/json` with a body),
    /// as an app or a backend does.
    package static func urlSession(_ server: PushFakeServer) -> Send {
        let base = server.baseURL.absoluteString
        return { method, path, body, headers in
            let fields = Dictionary(headers, uniquingKeysWith: { _, last in last })
            let answer = try await HTTPRequest(method, try URL(validating: base + path), body: body, headers: fields)
                .send()
            return answer.json
        }
    }

    /// Sends with a blocking ``LoopbackHTTPClient`` on a connection of its own, on a thread off the cooperative pool.
    package static func loopback(_ server: PushFakeServer) -> Send {
        let port = server.port
        return { method, path, body, headers in
            try await OffThePool.run {
                try LoopbackHTTPClient.exchange(port: port, method, path, body: body, headers: headers)
            }.json
        }
    }
}
