import Foundation
import PushFakeCore

/// Builds the `NSError`s TPNS_iOS reports (`NSError+TPNS.m`, TPNSWireProtocol.md §4.3 and §6.3).
enum TPNSClientError {
    /// A -100x error raised on the device.
    static func local(_ code: TPNSErrorCode) -> NSError {
        NSError(
            domain: TPNSClient.errorDomain, code: code.rawValue,
            userInfo: [NSLocalizedDescriptionKey: code.text])
    }

    /// A failed request: code = HTTP status (0 without a response), text from the SDK's table with the body's
    /// `message`. PushFake's own addition: a body carrying `errorCode` -1000/-1001/-1002 surfaces as that code
    /// with the SDK's text (FakeBehaviour.md, TPNS).
    static func server(status: Int, body: Data?) -> NSError {
        let json = body.flatMap { try? JSON.parse(Array($0)) }
        if let code = json?["errors"]?[0]?["errorCode"]?.intValue, let known = TPNSErrorCode(rawValue: code) {
            return local(known)
        }
        let message = json?["message"]?.stringValue
        let text: String
        switch status {
        case 422: text = "Appkey, DeviceId or Application Type empty / invalid (original error:\(message ?? "(null)"))"
        case 500: text = "Internal Server Error (original error:\(message ?? "(null)"))"
        case 400: text = "Bad Request (original error:\(message ?? "(null)"))"
        case 403: text = "ApiKey invalid / not authorized (original error:\(message ?? "(null)"))"
        default:
            let original = (message ?? "").isEmpty ? "No error description was provided" : (message ?? "")
            text = "Request failed (original error:\(original))"
        }
        return NSError(domain: TPNSClient.errorDomain, code: status, userInfo: [NSLocalizedDescriptionKey: text])
    }
}

/// Where ``TPNSClient`` keeps the SDK's persisted values (`NSUserDefaults` in the SDK).
public protocol TPNSClientStorage: Sendable {
    /// The string stored under `key`, or `nil` if there is none.
    func string(forKey key: String) -> String?
    /// The data stored under `key` (the SDK keeps the raw push token this way), or `nil` if there is none.
    func data(forKey key: String) -> Data?
    /// Stores `value` under `key`, replacing what was there.
    func set(_ value: String, forKey key: String)
    /// Stores `value` under `key`, replacing what was there.
    func set(_ value: Data, forKey key: String)
    /// Removes the value under `key`; does nothing if there is none.
    func remove(_ key: String)
}

/// In-memory storage: one per simulated app install.
public final class InMemoryTPNSClientStorage: TPNSClientStorage {
    private let values = Locked<[String: Data]>([:])

    /// Creates empty storage, as on a fresh install: the client will make a new `deviceId`.
    public init() {}

    /// The value under `key` decoded as UTF-8, or `nil` if there is none.
    public func string(forKey key: String) -> String? {
        values.withLock { $0[key] }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The value under `key` (a string is returned as its UTF-8 bytes), or `nil` if there is none.
    public func data(forKey key: String) -> Data? { values.withLock { $0[key] } }
    /// Stores `value` as its UTF-8 bytes under `key`.
    public func set(_ value: String, forKey key: String) { values.withLock { $0[key] = Data(value.utf8) } }
    /// Stores `value` under `key`.
    public func set(_ value: Data, forKey key: String) { values.withLock { $0[key] = value } }
    /// Removes the value under `key`; does nothing if there is none.
    public func remove(_ key: String) { _ = values.withLock { $0.removeValue(forKey: key) } }
}
