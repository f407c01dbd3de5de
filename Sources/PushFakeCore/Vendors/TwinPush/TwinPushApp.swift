/// A declared TwinPush app: its id and the two tokens the service checks.
public struct TwinPushApp: Sendable, Equatable {
    /// The app id in the path, `/apps/{app_id}/…` (16 alphanumeric characters on the real service).
    public var id: String
    /// `X-TwinPush-REST-API-Token`, required on register.
    public var apiToken: String
    /// `X-TwinPush-REST-API-Key-Creator`, required on creator calls.
    public var creatorToken: String

    /// Declares an app with its id and both tokens.
    public init(id: String, apiToken: String, creatorToken: String) {
        self.id = id
        self.apiToken = apiToken
        self.creatorToken = creatorToken
    }

    /// The same id and tokens, byte for byte (FakeBehaviour.md, Identity): an app declared again with a token that
    /// only looks the same is a conflict.
    public static func == (lhs: TwinPushApp, rhs: TwinPushApp) -> Bool {
        lhs.id.hasSameBytes(as: rhs.id) && lhs.apiToken.hasSameBytes(as: rhs.apiToken)
            && lhs.creatorToken.hasSameBytes(as: rhs.creatorToken)
    }
}
