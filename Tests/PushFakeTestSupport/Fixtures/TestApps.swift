import PushFakeCore

/// The apps the tests declare.
package enum TestApps {
    /// The TwinPush app of TwinPush's documentation examples, with tokens of the real length: what the SDK-shaped
    /// tests (the engine's, the clients', `pushfake serve`'s) register with.
    package static let twinPush = TwinPushApp(
        id: "cs555ab2356a37a0", apiToken: "0123456789abcdef0123456789abcdef",
        creatorToken: "fedcba9876543210fedcba9876543210")

    /// The TwinPush app of recorded traffic (replay, the upstream proxy): short tokens that are easy to spot in a
    /// recording, where they must never appear.
    package static let recorded = TwinPushApp(id: "app1", apiToken: "api-token-1", creatorToken: "creator-token-1")

    /// The values of ``recorded``'s placeholders in a recording (`${secret:twinpush-api-token}`, …), as replay reads
    /// them.
    package static let recordedSecrets = [
        "twinpush-api-token": recorded.apiToken, "twinpush-creator-token": recorded.creatorToken,
    ]
}
