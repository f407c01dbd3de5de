import Foundation
import PushFakeCore
import PushFakeHTTP

/// The admin calls of a fleet's events listener (docs/admin-api.md): the events stream itself and the journal head a
/// new stream opens at (the fleet's sync point), read as a stream; and the deliveries list that fills a gap after a
/// lost stream, through the typed admin client.
enum FleetStreamCalls {
    /// `GET /__pushfake/events`: the connection and the response head (status 200), or `nil`.
    static func openStream(_ server: FleetServer) -> (LoopbackHTTPClient, LoopbackHTTPClient.Response)? {
        guard let client = try? LoopbackHTTPClient(host: server.host, port: server.port, receiveTimeout: 1) else {
            return nil
        }
        var request = "GET \(server.prefix)/__pushfake/events HTTP/1.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in server.adminHeaders { request += "\(name): \(value)\r\n" }
        client.send(request + "\r\n")
        var head: LoopbackHTTPClient.Response?
        for _ in 0..<30 where head == nil && !client.closedByPeer { head = client.readHead() }
        guard let head, head.status == 200 else { return nil }
        return (client, head)
    }

    /// The server's journal head, `EPOCH:SEQ`: the position a new events stream opens at (its first `id:`); `nil`
    /// when the server did not say within 30 s.
    static func journalHead(_ server: FleetServer) -> (epoch: UInt64, sequence: Int)? {
        guard let (client, _) = openStream(server) else { return nil }
        var parser = ServerSentEvents()
        for _ in 0..<30 {
            guard let bytes = client.readBodyPiece() else {
                if client.closedByPeer || client.malformation != nil { return nil }
                continue
            }
            guard !bytes.isEmpty, (try? parser.feed(bytes)) != nil else { return nil }
            if let id = parser.lastEventID { return FleetStreamProgress.position(id) }
        }
        return nil
    }

    /// `GET /__pushfake/deliveries?app=…` through the typed admin client: every delivery the server holds for `app`,
    /// with its id; `nil` when the server did not answer with the list.
    static func deliveries(_ server: FleetServer, app: String) -> [(id: String, delivery: FleetDelivery)]? {
        var query = DeliveriesQuery()
        query.app = app
        guard
            let page = try? HTTPFleetAdmin(server: server).client.call(AdminOperations.deliveries, query, timeout: 120)
        else { return nil }
        return page.deliveries.compactMap { delivery in
            FleetEventListener.delivery(delivery.jsonValue).map { (delivery.id, $0) }
        }
    }
}
