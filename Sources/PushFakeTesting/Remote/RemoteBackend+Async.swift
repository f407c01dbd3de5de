import Foundation
import PushFakeCore
import PushFakeHTTP

/// The calls of a remote fake that suspend instead of blocking a thread: the fixture's async API runs in Swift's
/// cooperative pool (two threads on a two-core machine), where a thread waiting on the network would hold up every
/// other test's tasks.
extension RemoteBackend {
    /// ``create(at:adminToken:configuration:vendors:site:)`` without blocking: what `withPushFake` uses.
    static func createAsync(
        at url: URL, adminToken: String?, configuration: PushFakeConfiguration, vendors: VendorRegistry,
        site: CallSite
    ) async throws -> RemoteBackend {
        let server = try serverClient(
            at: url, adminToken: adminToken, configuration: configuration, vendors: vendors)
        do {
            let answer = try await server.exchange(AdminOperations.createInstance, configuration, expected: [201])
                .output
            return try made(
                answer, server: server, url: url, configuration: configuration, vendors: vendors, site: site)
        } catch {
            server.transport.session.finishTasksAndInvalidate()
            throw error
        }
    }

    /// The journal; a failed call fails the test at the fixture's call site and gives an empty journal.
    func journalAsync() async -> Journal {
        do throws(PushFakeRemoteError) {
            return try await fetchJournalAsync()
        } catch {
            reportFailure(error.description)
            return Journal(limit: configuration.journalLimit)
        }
    }

    /// ``stop()`` without blocking: `DELETE /__pushfake/instances/{id}`, once.
    func stopAsync() async {
        guard firstStop() else { return }
        do throws(PushFakeRemoteError) {
            try await server.status(AdminOperations.deleteInstance, instanceID)
        } catch {
            reportFailure(error.description)
        }
        admin.transport.session.finishTasksAndInvalidate()
    }
}
