import Foundation

/// A TwinPush error type with its HTTP status: the catalogue of TwinPushWireProtocol.md §4.4 plus PushFake's own additions.
///
/// Extensible: `TwinPushErrorType(rawValue: "Custom", status: 500)` makes a new one for fault injection.
public struct TwinPushErrorType: Sendable, Hashable, CustomStringConvertible {
    /// The `type` string of the error body.
    public let rawValue: String
    /// The HTTP status the type is answered with.
    public let status: Int

    /// A type by name and status, e.g. for a custom injected error.
    public init(rawValue: String, status: Int) {
        self.rawValue = rawValue
        self.status = status
    }

    // TwinPushWireProtocol.md §4.4. Auth failures use 403 (FakeBehaviour.md).
    /// 403: `X-TwinPush-REST-API-Token` is wrong or missing.
    public static let invalidToken = TwinPushErrorType(rawValue: "InvalidToken", status: 403)
    /// 403: `X-TwinPush-REST-API-Key-Creator` is wrong or missing.
    public static let invalidCreatorToken = TwinPushErrorType(rawValue: "InvalidCreatorToken", status: 403)
    /// 404: the app id is not a declared app.
    public static let appNotFound = TwinPushErrorType(rawValue: "AppNotFound", status: 404)
    /// 404: no device with that id in the app (or no device id in the path).
    public static let deviceNotFound = TwinPushErrorType(rawValue: "DeviceNotFound", status: 404)
    /// 404: no notification with that id in the app.
    public static let notificationNotFound = TwinPushErrorType(rawValue: "NotificationNotFound", status: 404)
    /// 404: the notification was not delivered to that device.
    public static let deliveryNotFound = TwinPushErrorType(rawValue: "DeliveryNotFound", status: 404)
    /// 422: invalid create-notification parameters.
    public static let notificationNotCreated = TwinPushErrorType(rawValue: "NotificationNotCreated", status: 422)
    /// 422: invalid register parameters.
    public static let deviceNotCreated = TwinPushErrorType(rawValue: "DeviceNotCreated", status: 422)
    /// 422: invalid device update (badge, location, re-key).
    public static let deviceNotUpdated = TwinPushErrorType(rawValue: "DeviceNotUpdated", status: 422)
    /// 422: invalid custom property name, type or value.
    public static let invalidProperty = TwinPushErrorType(rawValue: "InvalidProperty", status: 422)

    // Fake-specific (FakeBehaviour.md, TwinPush): an alias inbox for a device without an alias.
    /// 422 (*fake-specific*): an alias inbox call from a device without `alias_device`.
    public static let aliasNotSet = TwinPushErrorType(rawValue: "AliasNotSet", status: 422)
    // Fake-specific: transport-level failures in the vendor's error shape.
    /// 404: no route (transport level).
    public static let notFound = TwinPushErrorType(rawValue: "NotFound", status: 404)
    /// 405: a known path with another method (transport level).
    public static let methodNotAllowed = TwinPushErrorType(rawValue: "MethodNotAllowed", status: 405)
    /// 406: a body that is not a JSON object ("Not Acceptable (invalid format)" in the documented status list).
    public static let notAcceptable = TwinPushErrorType(rawValue: "NotAcceptable", status: 406)
    /// 400: a parameter that cannot be read, such as a `page` that is not an integer (*fake-specific*).
    public static let badRequest = TwinPushErrorType(rawValue: "BadRequest", status: 400)
    /// 500: for injected server errors.
    public static let internalServerError = TwinPushErrorType(rawValue: "InternalServerError", status: 500)

    /// Every named type, for lookups by name (admin API, CLI).
    public static let catalogue: [TwinPushErrorType] = [
        .invalidToken, .invalidCreatorToken, .appNotFound, .deviceNotFound, .notificationNotFound,
        .deliveryNotFound, .notificationNotCreated, .deviceNotCreated, .deviceNotUpdated, .invalidProperty,
        .aliasNotSet, .notFound, .methodNotAllowed, .notAcceptable, .badRequest, .internalServerError,
    ]

    /// The longest name a type of one's own may have.
    public static let maximumNameLength = 100

    /// What a type's name must match (JSON Schema, the fault rule schema): an identifier, as the vendor's are.
    static let namePattern = "^[A-Za-z_][A-Za-z0-9_]{0,\(maximumNameLength - 1)}$"

    /// Whether `name` can be a type of one's own: an ASCII identifier (a letter or `_`, then letters, digits or `_`)
    /// of at most ``maximumNameLength`` characters. Anything else (a newline, a space, a quote) is refused when a
    /// fault rule is read, so no rule can put it into an error body or a log line.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= maximumNameLength else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// The catalogue type with this name, ignoring case.
    public static func named(_ name: String) -> TwinPushErrorType? {
        catalogue.first { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The wire body `{"errors":{"type":…,"message":…}}`; both strings are never null (iOS needs them).
    public func body(message: String) -> JSON {
        ["errors": ["type": .string(rawValue), "message": .string(message)]]
    }

    /// A response of this type with its status.
    public func response(_ message: String) -> FakeResponse {
        .json(status, body(message: message))
    }

    /// The `type` string.
    public var description: String { rawValue }
}
