import Foundation

/// The three TPNS error codes. The real SDK raises them on the device (TPNSWireProtocol.md §6.3); PushFake can answer with them
/// by injection or, with state checks on, from its own state machine (FakeBehaviour.md, TPNS).
public enum TPNSErrorCode: Int, Sendable, Equatable, CaseIterable {
    /// Unregister while not registered.
    case deviceNotRegistered = -1000
    /// Register while an earlier register has not completed.
    case registrationIsAlreadyInProgress = -1001
    /// Register again with the same push token while registered.
    case unregisterBeforeYouRegisterAgain = -1002

    /// The SDK's constant name without the `TPNSErrorCode` prefix.
    public var name: String {
        switch self {
        case .deviceNotRegistered: return "DeviceNotRegistered"
        case .registrationIsAlreadyInProgress: return "RegistrationIsAlreadyInProgress"
        case .unregisterBeforeYouRegisterAgain: return "UnregisterBeforeYouRegisterAgain"
        }
    }

    /// The SDK's `localizedDescription`, verbatim (including the source's "addional" typo). TPNSWireProtocol.md §6.3.
    public var text: String {
        switch self {
        case .deviceNotRegistered:
            return "Unable to unregister device - No AppID, DeviceID found. You need to register this device first."
        case .registrationIsAlreadyInProgress:
            return "There is already a registration in progress. Ignoring addional request."
        case .unregisterBeforeYouRegisterAgain:
            return "Please unregister before you register again."
        }
    }

    /// The HTTP status PushFake answers with (FakeBehaviour.md, TPNS): 404 for -1000, 409 for -1001 and -1002.
    public var httpStatus: Int {
        self == .deviceNotRegistered ? 404 : 409
    }

    /// The wire body: `{"success":false,"message":…,"errors":[{"field":"deviceId","message":…,"errorCode":-100x}]}`.
    public var body: JSON {
        [
            "success": false, "message": .string(text),
            "errors": [["field": "deviceId", "message": .string(text), "errorCode": .int(rawValue)]],
        ]
    }

    /// ``httpStatus`` with ``body``: how a state check or an injected fault answers.
    public var response: FakeResponse {
        .json(httpStatus, body)
    }

    /// The error with the given name (`DeviceNotRegistered`) or code (`-1000`).
    public init?(nameOrCode: String) {
        guard
            let match = Self.allCases.first(where: {
                $0.name.caseInsensitiveCompare(nameOrCode) == .orderedSame || String($0.rawValue) == nameOrCode
            })
        else { return nil }
        self = match
    }
}
