import Foundation
import PushFakeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Swift TwinPush device client that behaves on the wire like the official SDKs (TwinPushWireProtocol.md §1–§3, §5, §8):
/// the iOS SDK 4.0.0 or the Android SDK 3.8.5, chosen by ``Flavour``.
///
/// It keeps what the SDK persists (the device id and alias from `register`) and builds every request with the
/// flavour's URL layout, headers, body encoding and quirks. Calls that need a device id follow the SDK when
/// there is none (§8): some are skipped (they return `false`), Android refuses property calls
/// (``TwinPushClientError/Code/deviceNotRegistered``), the rest go out without the `/devices/{id}` segment.
///
/// ```swift
/// let ios = TwinPushDeviceClient(
///     .iOS, session: fake.makeURLSession(), baseURL: fake.twinPushBaseURL, appID: "cs555ab2356a37a0",
///     apiKey: "0123456789abcdef0123456789abcdef")
/// let deviceID = try await ios.register(alias: "ana", apnsToken: token)
/// try await ios.openApp()
/// let android = TwinPushDeviceClient(
///     .android, session: fake.makeURLSession(), baseURL: fake.baseURL, appID: "cs555ab2356a37a0", apiKey: key)
/// ```
public final class TwinPushDeviceClient: Sendable {
    /// Which SDK the client behaves like on the wire (TwinPushWireProtocol.md §1–§3, §5).
    public enum Flavour: String, Sendable, CaseIterable, CustomStringConvertible {
        /// TwinPush iOS SDK 4.0.0: `Content-Type: application/json` and `Accept` on every request, badge as a
        /// string, `open_at` / `closed_at` Unix seconds, the constant `open_at: "978307200"`, `value: null` to
        /// delete a property, 1-based pages, the bare notification detail; base URL `…/api/v2`.
        case iOS
        /// TwinPush Android SDK 3.8.5 (Volley): `Content-Type: application/json; charset=utf-8` on POST only, `{}`
        /// bodies, badge as an integer, `value` left out to delete, 0-based caller pages sent as `page + 1`,
        /// detail from `objects[0]`, `received_notification` acks; base URL is the host (`/api/v2` is added).
        case android

        /// `iOS` or `android`.
        public var description: String { rawValue }

        /// The headers the SDK sets (§2): iOS `Content-Type: application/json` and `Accept: application/json` on
        /// every request; Android (Volley) `Content-Type: application/json; charset=utf-8` only when a body is sent
        /// (POST), no `Accept`. The API token (`apiToken`) only on register. Shared with PushFakeFleet's devices.
        package func headers(_ method: String, apiToken: String? = nil) -> [(name: String, value: String)] {
            var headers: [(name: String, value: String)] = []
            switch self {
            case .iOS:
                headers = [("Content-Type", "application/json"), ("Accept", "application/json")]
            case .android:
                if method == "POST" { headers = [("Content-Type", "application/json; charset=utf-8")] }
            }
            if let apiToken { headers.append((TwinPushDeviceClient.apiTokenHeader, apiToken)) }
            return headers
        }

        /// The body the SDK sends for a POST with these parameters (§3): iOS only with at least one parameter;
        /// Android always, `{}` when there are none. Shared with PushFakeFleet's devices.
        package func postBody(_ parameters: JSONObject) -> JSON? {
            self == .iOS && parameters.isEmpty ? nil : .object(parameters)
        }
    }

    /// `X-TwinPush-REST-API-Token`, sent by both SDKs on register only (§2).
    public static let apiTokenHeader = "X-TwinPush-REST-API-Token"

    /// The SDK this client behaves like (§1–§3).
    public let flavour: Flavour
    /// The TwinPush app id (the `{app}` path segment, §1).
    public let appID: String
    /// What `register` reports about the device (§5.1).
    public let deviceInfo: TwinPushDeviceInfo
    let apiKey: String
    let baseURL: URL
    let http: TwinPushHTTP
    let now: @Sendable () -> Date
    private let state: Locked<State>

    struct State {
        var deviceID: String?
        var alias: String?
    }

    /// Creates a client for one simulated device; nothing is sent until the first call.
    ///
    /// - Parameters:
    ///   - flavour: the SDK to behave like.
    ///   - session: the session requests go through (`fake.makeURLSession()`, or any other).
    ///   - baseURL: iOS: the `serverURL`, `…/api/v2` (`fake.twinPushBaseURL`); Android: the `serverHost`
    ///     (`fake.baseURL`), to which the client adds `/api/v2` (§1).
    ///   - appID: the app id.
    ///   - apiKey: the API token sent on register.
    ///   - deviceInfo: the register fields; the flavour's defaults (``TwinPushDeviceInfo/iOS(udid:)``,
    ///     ``TwinPushDeviceInfo/android(udid:)``) when `nil`.
    ///   - deviceID: a device id persisted by an earlier run, or `nil` for a fresh install.
    ///   - now: the device clock, for iOS `open_at` / `closed_at`; pass a fixed date for stable recordings.
    public init(
        _ flavour: Flavour, session: URLSession, baseURL: URL, appID: String, apiKey: String,
        deviceInfo: TwinPushDeviceInfo? = nil, deviceID: String? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.flavour = flavour
        self.http = TwinPushHTTP(session: session)
        self.baseURL = baseURL
        self.appID = appID
        self.apiKey = apiKey
        self.deviceInfo = deviceInfo ?? (flavour == .iOS ? .iOS() : .android())
        self.now = now
        self.state = Locked(State(deviceID: deviceID))
    }

    /// The device id from the last successful register (the SDK's stored `deviceId`, §5.1), `nil` before; without
    /// it, device calls follow §8.
    public var deviceID: String? { state.withLock { $0.deviceID } }
    /// The alias the server returned on the last register (`alias_device`, which the SDKs adopt, §5.1).
    public var alias: String? { state.withLock { $0.alias } }

    /// Forgets the registration, as Android's `unregister()` does locally (no request is sent; there is no
    /// unregister endpoint, §5).
    public func forgetRegistration() {
        state.withLock { $0 = State() }
    }

    /// `POST /apps/{app}/devices/register` (§5.1) with `X-TwinPush-REST-API-Token`; stores and returns the device
    /// id from `objects[0].id` (a number is taken as its text, as Android's `getString` does).
    ///
    /// - Parameters:
    ///   - alias: `alias_device`, left out when `nil`.
    ///   - pushToken: `push_token` as sent (FCM / HMS token, or APNs hex), left out when `nil`.
    /// - Throws: ``TwinPushClientError``: the server's error, or `invalidResponse` without `objects[0].id`
    ///   (the stored id is cleared then, as Android ends up unregistered).
    @discardableResult
    public func register(alias: String? = nil, pushToken: String? = nil) async throws -> String {
        let body = deviceInfo.registerBody(pushToken: pushToken, alias: alias)
        let url = try TwinPushHTTP.url(baseURL, apiPrefix + ["apps", appID, "devices", "register"])
        let answer = try await http.send(
            TwinPushCall(method: "POST", url: url, headers: headers("POST", apiToken: true), body: body))
        // iOS also accepts a single object instead of the array.
        let device = answer.json["objects"]?[0] ?? answer.json["objects"]
        guard let id = device?["id"].flatMap({ $0.stringValue ?? $0.intValue.map(String.init) }) else {
            forgetRegistration()
            throw TwinPushClientError.invalidResponse(
                status: answer.status, "register answer has no objects[0].id", body: answer.json)
        }
        let returnedAlias = device?["alias_device"]?.stringValue
        state.withLock { $0 = State(deviceID: id, alias: returnedAlias) }
        return id
    }

    /// ``register(alias:pushToken:)`` with an APNs token, sent the iOS SDK's way: uppercase hex, no spaces.
    @discardableResult
    public func register(alias: String? = nil, apnsToken: Data) async throws -> String {
        try await register(alias: alias, pushToken: Self.apnsTokenString(apnsToken))
    }

    /// The iOS SDK's `push_token` text for an APNs token: two uppercase hex digits per byte (`%02.2hhX`, §5.1).
    public static func apnsTokenString(_ token: Data) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(token.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
