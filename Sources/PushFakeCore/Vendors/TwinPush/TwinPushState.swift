/// TwinPush apps, devices, notifications and inboxes of one engine.
struct TwinPushState: Sendable {
    init(configuration: PushFakeConfiguration) {}
}
