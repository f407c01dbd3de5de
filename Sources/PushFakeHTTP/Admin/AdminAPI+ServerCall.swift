import PushFakeCore

extension AdminAPI {
    /// The form `PushFakeServer+Exchange.swift` still calls; the server argument was never used. Kept only until the
    /// server rewrite calls ``handle(_:)`` and this overload can go.
    func handle(_ request: FakeRequest, server _: PushFakeServer?) -> FakeResponse {
        handle(request)
    }
}
