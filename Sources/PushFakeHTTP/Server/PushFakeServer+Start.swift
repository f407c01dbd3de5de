import PushFakeCore

extension PushFakeServer {
    /// Makes and starts a live server for a new engine in one call (for setUp/tearDown).
    ///
    /// ```swift
    /// let server = try PushFakeServer.start(PushFakeConfiguration(seed: 7))
    /// defer { server.stop() }
    /// ```
    /// - Throws: ``PushFakeError`` when the address cannot be used.
    public static func start(
        _ configuration: PushFakeConfiguration = PushFakeConfiguration(),
        server: ServerConfiguration = ServerConfiguration()
    ) throws -> PushFakeServer {
        let instance = PushFakeServer(fake: PushFake(configuration), configuration: server)
        try instance.start()
        return instance
    }
}
