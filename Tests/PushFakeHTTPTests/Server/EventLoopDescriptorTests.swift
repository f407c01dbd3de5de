#if os(Linux)
    import Foundation
    import Glibc
    import PushFakeCore
    import XCTest

    @testable import PushFakeHTTP

    /// An event loop's epoll and eventfd stay open for as long as anything holds the loop, not just while its thread
    /// runs: `stop()` wakes the loops after they may have ended, and a producer may wake a connection's loop late.
    /// Closed with the thread, such a write landed on whatever took the number next — once another server's wake
    /// pipe, whose accept loop then stopped and closed its listener (a client got "connection refused" from a
    /// server that was running).
    final class EventLoopDescriptorTests: XCTestCase {
        private func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) >= 0 }

        func test_loopDescriptors_stayOpenWhileHeld_afterTheServerStops_andCloseWithTheLastHolder() throws {
            var configuration = ServerConfiguration(ioModel: .eventLoop)
            configuration.eventLoopCount = 2
            let server = PushFakeServer(configuration: configuration)
            try server.start()
            var loops: [EventLoop]? = server.currentLoops()
            let descriptors = (loops ?? []).flatMap { [$0.epoll, $0.wake] }
            XCTAssertEqual(descriptors.count, 4)
            let client = try LoopbackHTTPClient(port: server.port)
            XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200)

            server.stop()

            XCTAssertTrue(descriptors.allSatisfy(isOpen), "a loop's descriptors closed while it was still held")
            for loop in loops ?? [] { loop.wakeUp() }
            loops = nil
            XCTAssertFalse(descriptors.contains(where: isOpen), "the last holder let go, yet a descriptor is open")
        }
    }
#endif
