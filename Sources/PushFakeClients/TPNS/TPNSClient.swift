import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Swift TPNS client that behaves like the TPNS_iOS SDK 1.1.2 (`DTPushNotification`, TPNSWireProtocol.md §4–§6), for driving
/// PushFake the way an app would.
///
/// It persists a `deviceId` (an uppercase UUID, created once and reused across register/unregister), keeps the
/// server URL, app key and push token while registered, raises -1000 / -1001 / -1002 locally under the SDK's
/// conditions without sending anything, and maps server failures to `NSError(domain: "de.telekom.TPNS")`.
///
/// ```swift
/// let client = TPNSClient(session: fake.makeURLSession())
/// let deviceId = try await client.register(url: fake.tpnsBaseURL, appKey: "testApp", pushToken: token, sandbox: true)
/// try await client.unregister()
/// ```
public final class TPNSClient: Sendable {
    /// `DTPNSErrorDomain`.
    public static let errorDomain = "de.telekom.TPNS"

    private let session: URLSession
    private let storage: TPNSClientStorage
    private let makeDeviceID: @Sendable () -> String
    private let registrationInProgress = Locked(false)

    /// Creates a client for one simulated app install; nothing is sent until the first register.
    ///
    /// - Parameters:
    ///   - session: the session requests go through (a PushFake session, or any other).
    ///   - storage: where the SDK's `NSUserDefaults` keys live; in memory by default.
    ///   - makeDeviceID: how a new `deviceId` is made; the SDK uses `[NSUUID UUID].UUIDString`.
    public init(
        session: URLSession,
        storage: TPNSClientStorage = InMemoryTPNSClientStorage(),
        makeDeviceID: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.session = session
        self.storage = storage
        self.makeDeviceID = makeDeviceID
    }

    /// The persisted device id, created on first read and never removed (the SDK's "cached-uuid", TPNSWireProtocol.md §6.1).
    public var deviceId: String {
        if let existing = storage.string(forKey: Keys.deviceID), !existing.isEmpty { return existing }
        let created = makeDeviceID()
        storage.set(created, forKey: Keys.deviceID)
        return created
    }

    /// `YES` as soon as a register starts and until an unregister succeeds (TPNSWireProtocol.md §6.2).
    public var isRegistered: Bool {
        !(storage.string(forKey: Keys.appKey) ?? "").isEmpty && !(storage.string(forKey: Keys.serverURL) ?? "").isEmpty
    }

    /// Registered and holding exactly this token.
    public func isRegistered(forPushToken token: Data) -> Bool {
        isRegistered && storage.data(forKey: Keys.pushToken) == token
    }

    /// Registers the device (TPNSWireProtocol.md §6.4) and returns the persisted `deviceId`.
    ///
    /// - Throws: -1001 or -1002 before sending anything; after a failed request, an `NSError` whose code is the
    ///   HTTP status (or 0 without a response) — or -100x when the server answered with one of those codes.
    public func register(
        url: URL, appKey: String, pushToken: Data, additionalParameters: [[String: JSON]]? = nil, sandbox: Bool = false
    ) async throws -> String {
        try beginRegistration(pushToken: pushToken)
        defer { registrationInProgress.withLock { $0 = false } }
        storage.set(url.absoluteString, forKey: Keys.serverURL)
        storage.set(appKey, forKey: Keys.appKey)
        storage.set(pushToken, forKey: Keys.pushToken)
        let deviceId = self.deviceId
        var body: JSONObject = [
            "deviceId": .string(deviceId), "deviceRegistrationId": .string(Self.hex(pushToken)),
            "applicationKey": .string(appKey), "applicationType": sandbox ? "IOS_SAND" : "IOS",
        ]
        if let additionalParameters {
            body["additionalParameters"] = .array(
                additionalParameters.map {
                    .object(
                        JSONObject(
                            $0.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value) }))
                })
        }
        var request = Self.request(Self.appending("/api/device/register", to: url), method: "POST")
        request.httpBody = Data(JSON.object(body).serialized())
        let (data, status) = await send(request)
        guard status == 200 else {
            clearRegistration()
            throw TPNSClientError.server(status: status, body: data)
        }
        return deviceId
    }

    /// Unregisters (TPNSWireProtocol.md §5): on 200 forgets URL, app key and token but keeps `deviceId`. Like the SDK, a
    /// non-200 answer is **not** an error and leaves the device registered locally; a transport failure throws.
    public func unregister() async throws {
        guard isRegistered, let base = storage.string(forKey: Keys.serverURL).flatMap(URL.init(string:)),
            let appKey = storage.string(forKey: Keys.appKey)
        else {
            throw TPNSClientError.local(.deviceNotRegistered)
        }
        let path = "/api/application/\(appKey)/device/\(deviceId)/unregister"
        let request = Self.request(Self.appending(path, to: base), method: "PUT")
        let (_, status) = await send(request)
        if status == 0 { throw TPNSClientError.server(status: 0, body: nil) }
        if status == 200 { clearRegistration() }
    }

    private func beginRegistration(pushToken: Data) throws {
        // -1001 takes precedence over -1002 (TPNSWireProtocol.md §6.3); both are raised before any request.
        let alreadyInProgress = registrationInProgress.withLock { inProgress -> Bool in
            if inProgress { return true }
            inProgress = true
            return false
        }
        if alreadyInProgress { throw TPNSClientError.local(.registrationIsAlreadyInProgress) }
        if isRegistered(forPushToken: pushToken) {
            registrationInProgress.withLock { $0 = false }
            throw TPNSClientError.local(.unregisterBeforeYouRegisterAgain)
        }
    }

    private func clearRegistration() {
        storage.remove(Keys.serverURL)
        storage.remove(Keys.appKey)
        storage.remove(Keys.pushToken)
    }

    private func send(_ request: URLRequest) async -> (Data?, Int) {
        do {
            let (data, response) = try await session.data(for: request)
            return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
        } catch {
            // The SDK discards the NSURLError and reports status 0 (TPNSWireProtocol.md §4.3).
            return (nil, 0)
        }
    }

    /// `URLByAppendingPathComponent` with a component that starts with `/`: no separator is added, so a base URL
    /// with a trailing slash gives `//` (TPNSWireProtocol.md §3.2).
    static func appending(_ path: String, to base: URL) -> URL {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return URL(string: base.absoluteString + encoded) ?? base
    }

    private static func request(_ url: URL, method: String) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 60)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    /// Lowercase hex, two characters per byte (TPNS_iOS ≥ 1.1.1).
    static func hex(_ data: Data) -> String {
        data.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    /// The SDK's `NSUserDefaults` keys (TPNSWireProtocol.md §6.1).
    enum Keys {
        static let serverURL = "DTPNSUserDefaultsServerURLString"
        static let appKey = "DTPNSUserDefaultsAppKey"
        static let deviceID = "DTPNSUserDefaultsDeviceID"
        static let pushToken = "DTPNSUserDefaultsPushToken"
    }
}
