import Foundation
import PushFakeCore
import PushFakeHTTP

/// Reads a server's events stream (`GET /__pushfake/events`, docs/admin-api.md) on a thread of its own and hands each
/// `delivery` event to the fleet, which keeps those of its own devices; each delivery once (``FleetStreamProgress``).
///
/// A stream the server ends for a reader that fell behind (`dropped`: a broadcast to many devices makes a delivery
/// event per device at once), closes, or that stops parsing is opened again, and the gap is filled from the
/// deliveries list of the fleet's apps (`GET /__pushfake/deliveries?app=`) — not by `Last-Event-ID`: its replay sends
/// a broadcast's journal entry (every delivery id) with all its deliveries as one piece, which a reader that was
/// dropped for such a broadcast is dropped for again. What cannot be recovered (no new stream, no deliveries list,
/// the server stopped: `end`) is reported through `lost`, so a fleet's report never hides deliveries it missed.
final class FleetEventListener: Sendable {
    private let server: FleetServer
    /// The apps whose deliveries fill a gap (the TwinPush app id, the TPNS application key).
    private let apps: [String]
    private let stopped = Locked(false)
    let progress = Locked(FleetStreamProgress())

    init(_ server: FleetServer, apps: [String]) {
        self.server = server
        var unique: [String] = []
        for app in apps where !unique.contains(app) { unique.append(app) }
        self.apps = unique
    }

    /// Starts listening; returns once the stream's head arrived (later deliveries are on it), or `false` when the
    /// server could not be reached. Blocks: call it on a fleet thread.
    func start(
        _ deliver: @escaping @Sendable (FleetDelivery) -> Void, lost: @escaping @Sendable (String) -> Void
    ) -> Bool {
        let connected = Locked(false)
        let signal = DispatchSemaphore(value: 0)
        // The connections live on the listener's thread alone.
        let thread = Thread { [self] in
            var stream = FleetStreamCalls.openStream(server)
            connected.withLock { $0 = stream != nil }
            signal.signal()
            while let (client, head) = stream {
                guard let why = read(client, head: head, deliver), !stopped.withLock({ $0 }) else { return }
                // The server stopped (or deleted the instance): nothing more will come.
                guard why != "ended" else { return lost(why) }
                progress.withLock { $0.filling = true }
                stream = FleetStreamCalls.openStream(server)
                guard stream != nil, fill(deliver) else { return lost(why) }
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

    /// Whether the listener has heard everything up to the server's journal head as of this call — every entry and
    /// the deliveries they made — waiting for it at most `seconds` (real time). `false` when the head could not be
    /// read, the time ran out, or the listener stopped.
    func sync(within seconds: Double) -> Bool {
        guard let head = FleetStreamCalls.journalHead(server) else { return false }
        let deadline = Date().addingTimeInterval(seconds)
        while !progress.withLock({ $0.passed(head) }) {
            if Date() >= deadline || stopped.withLock({ $0 }) { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    /// Fills the gap of a lost stream once the new one is open: every delivery of the fleet's apps not heard yet.
    private func fill(_ deliver: @escaping @Sendable (FleetDelivery) -> Void) -> Bool {
        for app in apps {
            guard let list = FleetStreamCalls.deliveries(server, app: app) else { return false }
            for (id, delivery) in list where progress.withLock({ $0.take(id) }) { deliver(delivery) }
        }
        progress.withLock { $0.filled() }
        return true
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
                if let why = take(event, deliver) { return why }
            }
            // Where the stream is (the opening's `id:` too, which is no event): after what those events announced.
            if let id = parser.lastEventID { progress.withLock { $0.move(to: id) } }
        }
        return nil
    }

    /// Applies one event; why the stream ended when it was the last.
    private func take(_ event: ServerSentEvents.Event, _ deliver: @escaping @Sendable (FleetDelivery) -> Void)
        -> String?
    {
        switch event.name {
        case "delivery":
            guard let json = try? JSON.parse(event.data), let id = json["id"]?.stringValue,
                let delivery = Self.delivery(json)
            else { return nil }
            if progress.withLock({ $0.take(id) }) { deliver(delivery) }
        case "entry":
            // Only an entry that made deliveries is read: the stream carries them after it.
            let announced =
                Self.holds(event.data, Self.deliveriesKey)
                ? (try? JSON.parse(event.data))?["deliveries"]?.arrayValue?.compactMap(\.stringValue) ?? [] : []
            if !announced.isEmpty { progress.withLock { $0.announce(announced) } }
        case "reset", "state":
            // After `POST /__pushfake/reset` or a loaded state, delivery ids are given again.
            if event.name == "state" || event.data.contains(#""cause":"reset""#) {
                progress.withLock { $0.forgetDeliveries() }
            }
        case "dropped":
            return "dropped"
        case "end":
            return "ended"
        default:
            break
        }
        return nil
    }

    private static let deliveriesKey = Array(#""deliveries":["#.utf8)

    /// Whether `text` holds `needle`, byte by byte: every entry event is looked at, and Foundation's `contains`
    /// (UTF-16) took an eighth of the fleet's time in a 30,000-device run.
    static func holds(_ text: String, _ needle: [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = needle.first else { return true }
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) where bytes[start] == first {
                var matched = 1
                while matched < needle.count, bytes[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            return false
        }
    }

    /// A delivery's JSON (``Delivery/jsonValue``, as events and the deliveries list carry it) as the fleet needs it.
    static func delivery(_ json: JSON) -> FleetDelivery? {
        guard let vendor = json["vendor"]?.stringValue, let device = json["deviceId"]?.stringValue,
            let notification = json["notificationId"]?.stringValue
        else { return nil }
        let failure = json["status"]?.stringValue == "failed" ? (json["reason"]?.stringValue ?? "failed") : nil
        let created = json["createdAt"]?.stringValue.flatMap(TimeFormat.parse) ?? Date()
        return FleetDelivery(
            vendor: Vendor(vendor), deviceID: device, notificationID: notification, failure: failure,
            createdAt: created)
    }
}
