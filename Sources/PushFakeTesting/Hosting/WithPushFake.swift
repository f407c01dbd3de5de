import PushFakeCore

/// Runs `body` with a fresh fake on `transport`, and always stops it — also when `body` throws. Under
/// `.remote(url)` the fake is a new instance on the server at `url`, deleted at the end.
///
/// In strict mode (the default) it ends with
/// ``RunningPushFake/assertNoUnmatchedRequests(in:fileID:filePath:line:column:)``:
/// a request the fake did not understand fails the test at the `withPushFake` call.
///
/// ```swift
/// func test_register() async throws {
///     try await withPushFake(.urlProtocol) { fake in
///         let client = TPNSClient(session: fake.makeURLSession())
///         _ = try await client.register(url: fake.tpnsBaseURL, appKey: "testApp", pushToken: token)
///         fake.assertRequested(.tpns(.register).bodyField("applicationType", equals: "IOS"))
///     }
/// }
/// ```
///
/// `vendors` adds vendors of your own next to TPNS and TwinPush (`try .standard.adding(MyVendor())`, see
/// ``PushVendor``).
///
/// `body` runs in the caller's isolation (`isolation`, as `withTaskGroup` has it since SE-0420): a `@MainActor` test
/// class or suite — where UI tests live — can read and change its main-actor state inside the closure.
@discardableResult
public func withPushFake<Result>(
    _ transport: PushFakeTransport = .live,
    configuration: PushFakeConfiguration = PushFakeConfiguration(),
    vendors: VendorRegistry = .standard,
    strict: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (RunningPushFake) async throws -> sending Result
) async throws -> sending Result {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // Async start and end: a `.remote` fake's instance is created and deleted without blocking a pool thread.
    let fake = try await RunningPushFake.startAsync(
        transport, configuration: configuration, vendors: vendors, site: site)
    let result: Result
    do {
        result = try await body(fake)
    } catch {
        await fake.stopAsync()
        throw error
    }
    if strict {
        let journal = await fake.currentJournal()
        fake.assertNoUnmatchedRequests(in: journal, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    await fake.stopAsync()
    return result
}
