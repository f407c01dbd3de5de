import Foundation
import PushFakeCore

/// A failed TwinPush call, shaped like the Android SDK's `TwinPushException` (TwinPushWireProtocol.md §4.4): the HTTP status,
/// and `errors.type` / `errors.message` from the body when it has them.
///
/// Thrown by ``TwinPushDeviceClient``, ``TwinPushCreatorClient`` and ``TwinPushReceiptExtension`` on a non-2xx
/// answer, on a 2xx answer whose body carries an `errors` object (Android's `TwinPushRequest.onResponseProcess`),
/// on a call the SDK refuses locally because the device is not registered (§8), and on a 2xx body that lacks what
/// the call must read. Transport failures (`URLError`) are thrown as they are.
///
/// ```swift
/// do {
///     _ = try await client.register(alias: "ana", pushToken: token)
/// } catch let error as TwinPushClientError {
///     XCTAssertEqual(error.statusCode, 403)
///     XCTAssertEqual(error.type, "InvalidToken")
/// }
/// ```
public struct TwinPushClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the call failed: an extensible set (static members), so new reasons are not breaking.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The reason's name.
        public let rawValue: String

        /// The server answered with a non-2xx status or an `errors` object (§4.4).
        public static let server = Code(rawValue: "server")
        /// The SDK refuses the call without sending it: no device id yet (§8; Android's error callback
        /// "Not launching '…': Device unregistered").
        public static let deviceNotRegistered = Code(rawValue: "deviceNotRegistered")
        /// A 2xx answer without what the SDK reads (e.g. register without `objects[0].id`, an Android detail
        /// with empty `objects`).
        public static let invalidResponse = Code(rawValue: "invalidResponse")

        /// The name.
        public var description: String { rawValue }
    }

    /// Why the call failed.
    public let code: Code
    /// The HTTP status (`TwinPushException.getStatusCode()`); 0 when nothing was sent.
    public let statusCode: Int
    /// `errors.type` of the body, e.g. `InvalidToken`, when the body had one.
    public let type: String?
    /// `errors.message` of the body (an array of strings is joined with `\n`, as Android does), or the client's
    /// own text for local failures.
    public let message: String?
    /// The parsed response body, when there was one.
    public let body: JSON?

    /// Makes an error; clients build these, tests may too (for comparisons).
    public init(code: Code, statusCode: Int, type: String? = nil, message: String? = nil, body: JSON? = nil) {
        self.code = code
        self.statusCode = statusCode
        self.type = type
        self.message = message
        self.body = body
    }

    /// The answer's error, or `nil` when it is a success: non-2xx, or 2xx with an `errors` **object** (§4.4). An
    /// `errors` array is data, not a failure: the notification report lists delivery errors that way (§9).
    static func server(status: Int, body: JSON?) -> TwinPushClientError? {
        let errors = body?["errors"]
        let hasErrors = errors?.objectValue != nil
        guard !(200..<300).contains(status) || hasErrors else { return nil }
        var message = errors?["message"]?.stringValue
        if let lines = errors?["message"]?.arrayValue {
            message = lines.compactMap(\.stringValue).joined(separator: "\n")
        }
        return TwinPushClientError(
            code: .server, statusCode: status, type: errors?["type"]?.stringValue, message: message, body: body)
    }

    /// A call refused locally because there is no device id (§8).
    static func notRegistered(_ call: String) -> TwinPushClientError {
        TwinPushClientError(
            code: .deviceNotRegistered, statusCode: 0, message: "Not launching '\(call)': Device unregistered")
    }

    /// A 2xx answer the SDK cannot read.
    static func invalidResponse(status: Int, _ message: String, body: JSON?) -> TwinPushClientError {
        TwinPushClientError(code: .invalidResponse, statusCode: status, message: message, body: body)
    }

    /// `code status type: message`, for test failure output.
    public var description: String {
        var text = "TwinPushClientError.\(code) (HTTP \(statusCode))"
        if let type { text += " \(type)" }
        if let message { text += ": \(message)" }
        return text
    }
}
