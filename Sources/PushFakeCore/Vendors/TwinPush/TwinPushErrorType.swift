import Foundation

/// A TwinPush error type with its HTTP status: the catalogue of twinpush.md §4.4 plus PushFake's own additions.
///
/// Extensible: `TwinPushErrorType(rawValue: "Custom", status: 500)` makes a new one for fault injection.
public struct TwinPushErrorType: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public let status: Int

    public init(rawValue: String, status: Int) {
        self.rawValue = rawValue
        self.status = status
    }

    // twinpush.md §4.4 (DOCS api-concepts.md). Auth failures use 403 (DECISIONS.md).
    public static let invalidToken = TwinPushErrorType(rawValue: "InvalidToken", status: 403)
    public static let invalidCreatorToken = TwinPushErrorType(rawValue: "InvalidCreatorToken", status: 403)
    public static let appNotFound = TwinPushErrorType(rawValue: "AppNotFound", status: 404)
    public static let deviceNotFound = TwinPushErrorType(rawValue: "DeviceNotFound", status: 404)
    public static let notificationNotFound = TwinPushErrorType(rawValue: "NotificationNotFound", status: 404)
    public static let deliveryNotFound = TwinPushErrorType(rawValue: "DeliveryNotFound", status: 404)
    public static let notificationNotCreated = TwinPushErrorType(rawValue: "NotificationNotCreated", status: 422)
    public static let deviceNotCreated = TwinPushErrorType(rawValue: "DeviceNotCreated", status: 422)
    public static let deviceNotUpdated = TwinPushErrorType(rawValue: "DeviceNotUpdated", status: 422)
    public static let invalidProperty = TwinPushErrorType(rawValue: "InvalidProperty", status: 422)

    // Fake-specific (DECISIONS.md, TwinPush): an alias inbox for a device without an alias.
    public static let aliasNotSet = TwinPushErrorType(rawValue: "AliasNotSet", status: 422)
    // Fake-specific: transport-level failures in the vendor's error shape.
    public static let notFound = TwinPushErrorType(rawValue: "NotFound", status: 404)
    public static let methodNotAllowed = TwinPushErrorType(rawValue: "MethodNotAllowed", status: 405)
    public static let badRequest = TwinPushErrorType(rawValue: "BadRequest", status: 400)
    public static let internalServerError = TwinPushErrorType(rawValue: "InternalServerError", status: 500)

    /// Every named type, for lookups by name (admin API, CLI).
    public static let catalogue: [TwinPushErrorType] = [
        .invalidToken, .invalidCreatorToken, .appNotFound, .deviceNotFound, .notificationNotFound,
        .deliveryNotFound, .notificationNotCreated, .deviceNotCreated, .deviceNotUpdated, .invalidProperty,
        .aliasNotSet, .notFound, .methodNotAllowed, .badRequest, .internalServerError,
    ]

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

    public var description: String { rawValue }
}
