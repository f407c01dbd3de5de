/// A TwinPush error answer, thrown by handlers and caught once in `TwinPushHandler.serving(_:)`. It takes a case of
/// the closed ``TwinPushRefusal`` set, never a free-form type, so every answer a handler gives is in that catalogue.
struct TwinPushFailure: Error {
    let refusal: TwinPushRefusal
    let message: String

    init(_ refusal: TwinPushRefusal, _ message: String) {
        self.refusal = refusal
        self.message = message
    }

    var type: TwinPushErrorType { refusal.type }

    var response: FakeResponse { type.response(message) }
}
