import Foundation
import PushFakeClients
import PushFakeCore
import PushFakeTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Traffic scenarios that contract tests run under every transport.
enum Scenarios {
    static let deviceID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let token = Data([0x0F, 0x1E, 0x2D, 0x3C])

    /// The TPNS_iOS app flow: register, the backend sends (README curl body), token rotates, unregister, and a
    /// stray call to a wrong path.
    static func tpnsRegisterAndSend(_ fake: RunningPushFake) async throws {
        let session = fake.makeURLSession()
        defer { session.finishTasksAndInvalidate() }
        let client = TPNSClient(session: session, makeDeviceID: { deviceID })
        _ = try await client.register(url: fake.tpnsBaseURL, appKey: "APPKEY", pushToken: token, sandbox: true)
        _ = try await send(
            session, fake.tpnsBaseURL.appendingPathComponent("api/pushnotifications"), method: "POST",
            body:
                #"[{"message":"Test","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS_SAND"],"deviceIds":["\#(deviceID)"]}]"#
        )
        _ = try await client.register(
            url: fake.tpnsBaseURL, appKey: "APPKEY", pushToken: Data([1, 2, 3]), sandbox: true)
        try await client.unregister()
    }

    /// One request with an explicit JSON content type; returns status and body.
    @discardableResult
    static func send(
        _ session: URLSession, _ url: URL, method: String, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> (Int, JSON?) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSON.parse(Array(data)))
    }
}
