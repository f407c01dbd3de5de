import Foundation
import PushFakeCore

/// The admin API under `/__pushfake/` (and `/i/{id}/__pushfake/` for each instance): what UI tests, emulators,
/// the CLI, the dashboard and other languages use to inspect and steer a fake. Its operations are one table
/// (``AdminOperations``, plus a server's extras: ``AdminOperationTable``), which `GET /__pushfake/openapi.json`
/// describes; each operation's handler calls the methods of this type. Handled by the host, never journaled as vendor
/// traffic; who may call it is ``AdminAccess``'s rule.
///
/// One value per request: the engine it steers is the server's own or an instance's.
struct AdminAPI: Sendable {
    /// The engine this request steers.
    let fake: PushFake
    /// The server, for instances, URLs and access rules.
    let server: PushFakeServer
    /// The instance the request came in under, `nil` for the server's own engine.
    let instance: String?

    /// Answers `request`, whose path is already relative to the instance (`/__pushfake/…`): the operation of the
    /// server's table (``AdminOperationTable``) that matches it, after the access rules and the query check. `inner`
    /// is the path under the admin prefix (``inner(_:)``), which the caller found while deciding to come here.
    func handle(_ request: FakeRequest, inner: Substring, peer: PeerAddress) -> ServerReply {
        let inInstance = instance != nil
        let table = server.adminOperations
        guard let (operation, parameters) = table.match(method: request.method, path: inner, inInstance: inInstance)
        else {
            let allowed = table.allowedMethods(path: inner, inInstance: inInstance)
            guard !allowed.isEmpty else { return .response(notFound(request)) }
            let list = allowed.joined(separator: ", ")
            var response = FakeResponse.error(
                405, "\(request.method) is not allowed on \(request.path); allowed: \(list)")
            response.headers.replace(name: "Allow", value: list)
            return .response(response)
        }
        if let refusal = server.configuration.adminAccess.refusal(
            of: request, from: peer, changesState: operation.changesState, isStaticPage: operation.isStaticPage)
        {
            return .response(.error(403, refusal))
        }
        if let problem = Self.queryProblem(request, operation: operation) {
            return .response(Self.badRequest(problem))
        }
        return operation.handler(AdminContext(api: self, request: request, parameters: parameters))
    }

    /// The path under the admin prefix (`/__pushfake//journal/` → `//journal/`), or `nil` when the path is not the
    /// admin API's. Repeated slashes and a trailing one are tolerated, as on vendor routes.
    static func inner(_ path: String) -> Substring? {
        // On the path's bytes, as ``InstancePath/split(_:)``: every request asks, some twice, and a path over HTTP is
        // visible ASCII. (Index walks of the UTF-8 view cost 3,000 instructions here, Performance.md.)
        var path = path
        let slash = UInt8(ascii: "/")
        let name = adminName
        let end = path.withUTF8 { bytes -> Int? in
            guard let start = bytes.firstIndex(where: { $0 != slash }), bytes.count - start >= name.count else {
                return nil
            }
            for offset in 0..<name.count where bytes[start + offset] != name[offset] { return nil }
            let end = start + name.count
            return end == bytes.count || bytes[end] == slash ? end : nil
        }
        guard let end else { return nil }
        return path[path.utf8.index(path.utf8.startIndex, offsetBy: end)...]
    }

    /// The admin prefix without its slash, as bytes.
    private static let adminName = Array(AdminOperations.prefix.utf8.dropFirst())

    /// Whether the admin API answers `request` without the engine's lock: its operation says so (health, which
    /// reads counters only).
    static func isLockFree(_ request: FakeRequest, in table: AdminOperationTable) -> Bool {
        guard let inner = inner(request.path) else { return false }
        return table.match(method: request.method, path: inner)?.operation.isLockFree == true
    }

    /// What one device, notification or delivery is estimated to take in an answer: how the size of a view is
    /// judged from its record counts before it is built (OffLoop.swift).
    static let bytesPerRecord = 256

    func notFound(_ request: FakeRequest) -> FakeResponse {
        .answer(
            404,
            AdminError("No admin route for \(request.method) \(request.path)", knownRoutes: routeList))
    }

    /// Every admin route this server serves (`GET /__pushfake/journal`, …).
    var routeList: [String] { server.adminOperations.routeList }

    /// `http://<Host>` as the client addressed the server (its URLs then work from where the client is), or the
    /// server's own base URL when the request has no `Host` that reads as one (``HostHeader``).
    func baseURL(for request: FakeRequest) -> String {
        if let host = request.headers["Host"], HostHeader(host) != nil {
            return "http://" + host
        }
        return server.baseURL.absoluteString
    }

    static func badRequest(_ message: String) -> FakeResponse {
        .error(400, message)
    }

    func body(of request: FakeRequest) -> Result<JSON, JSONSyntaxError> {
        if request.body.isEmpty { return .success(.object(JSONObject())) }
        return Result { () throws(JSONSyntaxError) -> JSON in try JSON.parse(request.body) }
    }

    /// The body as JSON, read by `parse`; a body that is not JSON, or that `parse` refuses, answers 400 naming the
    /// problem (`what` says what the body should have been).
    func parsed<Value>(
        _ request: FakeRequest, as what: String, _ parse: (JSON) throws(JSONFieldError) -> Value
    ) -> Parsed<Value> {
        switch body(of: request) {
        case .failure(let error): return .failure(Self.badRequest("\(what) is not JSON: \(error.message)"))
        case .success(let json):
            do throws(JSONFieldError) {
                return .success(try parse(json))
            } catch {
                return .failure(Self.badRequest("\(what): \(error.description)"))
            }
        }
    }

    /// The body read by `type`'s strict reader with the engine's vendors (a fault rule, a verification, an
    /// instance configuration); a 400 naming the problem when it is not one.
    func parsed<Value: WireType>(_ request: FakeRequest, as what: String, _ type: Value.Type) -> Parsed<Value> {
        parsed(request, as: what) { json throws(JSONFieldError) in
            try Value(wire: json, context: WireContext(vendors: fake.vendors))
        }
    }

    /// A request body read into a value, or the 400 to answer instead.
    enum Parsed<Value> {
        case success(Value)
        case failure(FakeResponse)
    }
}
