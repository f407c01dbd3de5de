import Foundation
import PushFakeCore

/// The fixture's calls that suspend instead of blocking a thread. Under `.remote` every synchronous call (the
/// `journal` property, the assertions, `inject`, the clock) blocks its thread until the server answers; an async test
/// runs on Swift's cooperative pool, which has one thread per core, so a blocked thread holds up the other tests'
/// tasks. `withPushFake` creates and deletes the instance and runs its strict end check with these; a test reads the
/// journal once with ``currentJournal()`` and asserts on it with the assertions' `in:` forms:
///
/// ```swift
/// try await withPushFake(.remote(pushFakeServer)) { fake in
///     // … the code under test talks to the fake …
///     let journal = await fake.currentJournal()          // one round trip, suspending
///     fake.assertRequested(.tpns(.register), count: .exactly(10), in: journal)
///     fake.assertNoOtherRequests(in: journal)
/// }
/// ```
///
/// On `.live` and `.urlProtocol` the engine is in the process and these answer at once.
extension RunningPushFake {
    /// ``start(_:configuration:vendors:fileID:filePath:line:column:)`` without blocking (what `withPushFake` uses):
    /// a `.remote` fake's instance is created while the calling task is suspended.
    static func startAsync(
        _ transport: PushFakeTransport, configuration: PushFakeConfiguration, vendors: VendorRegistry,
        site: CallSite
    ) async throws -> RunningPushFake {
        guard case .remote(let url, let adminToken) = transport.kind else {
            return try start(
                transport, configuration: configuration, vendors: vendors, fileID: site.fileID,
                filePath: site.filePath, line: site.line, column: site.column)
        }
        let backend = try await RemoteBackend.createAsync(
            at: url, adminToken: adminToken, configuration: configuration, vendors: vendors, site: site)
        return RunningPushFake(transport: transport, backend: backend, server: nil)
    }

    /// The journal as it is now, fetched without blocking a thread (under `.remote`, `GET …/journal` page by page);
    /// pass it to the assertions' `in:` forms. A failed fetch fails the test at the fixture's call site and gives an
    /// empty journal.
    public func currentJournal() async -> Journal {
        await backend.journalAsync()
    }

    /// ``stop()`` without blocking (under `.remote`, the instance is deleted while the task is suspended).
    func stopAsync() async {
        await backend.stopAsync()
    }
}
