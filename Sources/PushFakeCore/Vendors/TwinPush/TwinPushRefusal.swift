/// Every error answer a TwinPush handler can give: a closed set, so that a test lists them all and checks each
/// against the vendor's documented table (TwinPushWireProtocol.md §4.4). A handler refuses a request only by throwing
/// a ``TwinPushFailure``, which takes one of these cases, so a new kind of answer cannot appear without that test
/// seeing it.
///
/// The first ten are the documented types with their documented statuses. The others are PushFake's own, each with
/// its reason in FakeBehaviour.md (TwinPush, Errors).
package enum TwinPushRefusal: CaseIterable, Sendable {
    case invalidToken
    case invalidCreatorToken
    case appNotFound
    case deviceNotFound
    case notificationNotFound
    case deliveryNotFound
    case notificationNotCreated
    case deviceNotCreated
    case deviceNotUpdated
    case invalidProperty
    /// 422 (*fake-specific*): an alias inbox call from a device without `alias_device`.
    case aliasNotSet
    /// 406: a body that is not a JSON object (the docs' status list: "invalid format … wrong JSON").
    case notAcceptable
    /// 400 (*fake-specific*): a query or body parameter that cannot be read (`page`, `date`, `tags` of a wrong type).
    case badRequest
    /// 500: the fake's own inconsistency (never expected).
    case internalServerError

    /// The type and status the answer carries.
    package var type: TwinPushErrorType {
        switch self {
        case .invalidToken: return .invalidToken
        case .invalidCreatorToken: return .invalidCreatorToken
        case .appNotFound: return .appNotFound
        case .deviceNotFound: return .deviceNotFound
        case .notificationNotFound: return .notificationNotFound
        case .deliveryNotFound: return .deliveryNotFound
        case .notificationNotCreated: return .notificationNotCreated
        case .deviceNotCreated: return .deviceNotCreated
        case .deviceNotUpdated: return .deviceNotUpdated
        case .invalidProperty: return .invalidProperty
        case .aliasNotSet: return .aliasNotSet
        case .notAcceptable: return .notAcceptable
        case .badRequest: return .badRequest
        case .internalServerError: return .internalServerError
        }
    }
}
