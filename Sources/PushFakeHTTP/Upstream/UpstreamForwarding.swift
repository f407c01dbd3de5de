import PushFakeCore

/// Sends vendor requests on to the real service instead of the engine: how `pushfake serve --upstream-tpns URL`
/// records the real TPNS or TwinPush (docs/recordings.md).
///
/// The server asks it about every request that is not an admin request, after the instance prefix (`/i/{id}`) is
/// taken off, and before the engine sees it. PushFakeHTTP knows no URLSession: the forwarding itself lives in the
/// PushFakeUpstream module.
package protocol UpstreamForwarding: Sendable {
    /// The reply for `request` when it goes upstream, journaled in `engine` (usually ``ServerReply/deferred(_:timeout:timeoutResponse:)``,
    /// so that no I/O thread waits for the upstream); `nil` to let the engine answer it.
    func forward(_ request: FakeRequest, to engine: PushFake) -> ServerReply?
}
