import Foundation
import PushFakeCore
import PushFakeHTTP

/// Reads a server's events stream (`GET /__pushfake/events`, FakeBehaviour.md "The events stream") on a thread of
/// its own and hands each `delivery` event to the fleet, which keeps those of its own devices. `reset` and `state`
/// events need nothing from a fleet (deliveries after them are new deliveries). A stream that ends before the fleet
/// stops it — the server dropped a subscriber that fell behind, ended the stream, closed the connection, or sent
/// what does not parse — is reported through `lost`, so a fleet's report never hides deliveries it could not see.
final class FleetEventListener: Sendable {
    private let server: FleetServer
    private let stopped = Locked(false)

    init(_ server: FleetServer) {
        self.server = server
    }

    /// Starts listening; returns once the stream's head arrived (later deliveries are on it), or `false` when the
    /// server could not be reached. Blocks: call it on a fleet thread.
    func start(
        _ deliver: @escaping @Sendable (FleetDelivery) -> Void, lost: @escaping @Sendable (String) -> Void
    ) -> Bool {
        let connected = Locked(false)
        let signal = DispatchSemaphore(value: 0)
        let server = self.server
        // The connection lives on the listener's thread alone.
        let thread = Thread { [self] in
            var ready: (LoopbackHTTPClient, LoopbackHTTPClient.Response)?
            if let client = try? LoopbackHTTPClient(host: server.host, port: server.port, receiveTimeout: 1) {
                var request = "GET \(server.prefix)/__pushfake/events HTTP/1.1\r\nAccept: text/event-stream\r\n"
                for (name, value) in server.adminHeaders { request += "\(name): \(value)\r\n" }
                client.send(request + "\r\n")
                var head: LoopbackHTTPClient.Response?
                for _ in 0..<30 where head == nil && !client.closedByPeer { head = client.readHead() }
                if let head, head.status == 200 { ready = (client, head) }
            }
            connected.withLock { $0 = ready != nil }
            signal.signal()
            if let (client, head) = ready, let why = read(client, head: head, deliver),
                !stopped.withLock({ $0 })
            {
                lost(why)
            }
        }
        thread.name = "pushfake-fleet-events"
        thread.start()
        signal.wait()
        return connected.withLock { $0 }
    }

    func stop() {
        stopped.withLock { $0 = true }
    }

    /// Reads until ``stop()`` (`nil`) or until the stream ends: then says how (`dropped`, `ended`, `closed`,
    /// `unreadable`).
    private func read(
        _ client: LoopbackHTTPClient, head: LoopbackHTTPClient.Response,
        _ deliver: @escaping @Sendable (FleetDelivery) -> Void
    ) -> String? {
        var parser = ServerSentEvents()
        while !stopped.withLock({ $0 }) {
            guard let bytes = client.readBodyPiece() else {
                // A read timeout (1 s) lets the loop see stop(); the server closing or broken framing ends it.
                if client.malformation != nil { return "unreadable" }
                if client.closedByPeer { return "closed" }
                continue
            }
            // Empty: the body is complete.
            guard !bytes.isEmpty else { return "closed" }
            guard let events = try? parser.feed(bytes) else { return "unreadable" }
            for event in events {
                switch event.name {
                case "delivery":
                    if let delivery = Self.delivery(event.data) { deliver(delivery) }
                case "dropped":
                    return "dropped"
                case "end":
                    return "ended"
                default:
                    continue
                }
            }
        }
        return nil
    }

    /// A delivery event's data (``Delivery/jsonValue``) as the fleet needs it.
    static func delivery(_ data: String) -> FleetDelivery? {
        guard let json = try? JSON.parse(data), let vendor = json["vendor"]?.stringValue,
            let device = json["deviceId"]?.stringValue, let notification = json["notificationId"]?.stringValue
        else { return nil }
        let failure = json["status"]?.stringValue == "failed" ? (json["reason"]?.stringValue ?? "failed") : nil
        let created = json["createdAt"]?.stringValue.flatMap(TimeFormat.parse) ?? Date()
        return FleetDelivery(
            vendor: Vendor(vendor), deviceID: device, notificationID: notification, failure: failure,
            createdAt: created)
    }
}
