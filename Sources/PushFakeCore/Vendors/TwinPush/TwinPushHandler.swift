import Foundation

/// Serves the TwinPush REST API under `/api/v2/…` (TwinPushWireProtocol.md, FakeBehaviour.md): the handlers
/// ``TwinPushVendor`` routes to — the 15 device calls of §5, the forms without `/devices/{device}` the SDKs send
/// before they have a device id (§1, §8), the paths without `/apps/{app}` (the receipt of §5.6b, and the DOCS
/// examples of the notification detail and of a create, §1), and the creator / backend calls of §9.
enum TwinPushHandler {
    /// A TwinPush operation: the checks of ``serving(_:)`` have passed; a thrown failure is the answer.
    typealias OperationHandler =
        @Sendable (inout VendorContext, inout TwinPushState, inout VendorServices) throws(TwinPushFailure) ->
        FakeResponse
    /// A device call (the ``TwinPushVendor`` device actions) once ``requireDevice(_:state:)`` has found the device
    /// at `device` in ``TwinPushState/records``.
    typealias DeviceReader =
        @Sendable (inout VendorContext, TwinPushState, _ device: Int) throws(TwinPushFailure) -> FakeResponse
    /// A device call that changes the found device's record; ``updating(_:)`` then stamps its `updatedAt` with the
    /// fake clock and answers `200 {}`.
    typealias DeviceUpdate =
        @Sendable (inout VendorContext, inout TwinPushState.DeviceRecord) throws(TwinPushFailure) -> Void

    static let apiTokenHeader = "X-TwinPush-REST-API-Token"
    static let creatorTokenHeader = "X-TwinPush-REST-API-Key-Creator"

    /// `operation` behind the checks every TwinPush call passes first: a POST body must be a JSON object (else 406
    /// `NotAcceptable`, as the documented status list says of "wrong JSON"), the app must be known (404 `AppNotFound`) and the call's token right (403). A thrown
    /// ``TwinPushFailure`` becomes its response, noted in the journal.
    static func serving(_ operation: @escaping OperationHandler) -> VendorRoute<TwinPushState>.Handler {
        { context, state, services in
            do throws(TwinPushFailure) {
                if context.request.method == "POST" {
                    if let error = context.bodyError {
                        if error.isStringError, let field = error.path {
                            throw TwinPushFailure(
                                .notAcceptable, "\(field) must be valid UTF-8 text: \(error.message)")
                        }
                        throw TwinPushFailure(.notAcceptable, "Request body is not valid JSON: \(error.message)")
                    }
                    guard context.bodyObject != nil else {
                        throw TwinPushFailure(.notAcceptable, "Request body must be a JSON object")
                    }
                }
                if let app = context.route.parameter("app") {
                    guard state.admit(app, notes: &context.notes) else {
                        throw TwinPushFailure(.appNotFound, "App not found for application_id \(app)")
                    }
                    try authenticate(context, app: app, state: state)
                }
                return try operation(&context, &state, &services)
            } catch {
                context.notes.append("answered \(error.type.rawValue)")
                return error.response
            }
        }
    }

    /// `call` behind the lookup of the device the path names (404 `DeviceNotFound` without one).
    static func reading(_ call: @escaping DeviceReader) -> OperationHandler {
        { context, state, _ throws(TwinPushFailure) in
            let index = try requireDevice(&context, state: state)
            return try call(&context, state, index)
        }
    }

    /// `update` applied to the device the path names; the device's `updatedAt` becomes the call's time (the last
    /// use of any device endpoint) and the answer is `200 {}`.
    static func updating(_ update: @escaping DeviceUpdate) -> OperationHandler {
        { context, state, _ throws(TwinPushFailure) in
            let index = try requireDevice(&context, state: state)
            try update(&context, &state.records[index])
            state.records[index].updatedAt = context.now
            return ok
        }
    }

    /// The vendor shape for transport-level failures and injected statuses: `NotFound`, `MethodNotAllowed`,
    /// `NotAcceptable`, `BadRequest`, `InternalServerError`, else the reason phrase without spaces
    /// (`ServiceUnavailable`).
    static func errorResponse(status: Int, message: String) -> FakeResponse {
        let transportTypes: [TwinPushErrorType] = [
            .notFound, .methodNotAllowed, .notAcceptable, .badRequest, .internalServerError,
        ]
        let name =
            transportTypes.first { $0.status == status }?.rawValue
            ?? FakeResponse.reasonPhrase(for: status).replacingOccurrences(of: " ", with: "")
        return TwinPushErrorType(rawValue: name, status: status).response(message)
    }
}
