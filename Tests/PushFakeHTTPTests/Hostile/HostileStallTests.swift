import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// One client's large request or answer never stalls the others (Performance.md, "Large answers and other
/// clients"): health is answered without the engine's lock, a request with a large body is handled off the event
/// loops, and a large view is built from a snapshot outside the engine's lock. Proved with a gate the work stops at,
/// never with timing: each check would wait for ever (here: fail after a receive timeout) if the work held the
/// loop or the lock.
final class HostileStallTests: HostileTestCase {
    private var gate = Gate()

    /// The hostile limits, the standard vendors plus ``GatedVendor``, `loops` event loops.
    private func start(claimedDevices: Int = 0, loops: Int, _ configure: (inout ServerConfiguration) -> Void = { _ in })
        throws
    {
        Self.stopWithWatchdog(server)
        gate = Gate()
        let vendors = try VendorRegistry.standard.adding(GatedVendor(gate: gate, claimedDevices: claimedDevices))
        var configuration = ServerConfiguration()
        Self.configureSmall(&configuration)
        configuration.maxBodyBytes = 1_048_576
        configuration.eventLoopCount = loops
        // With a request log, as `pushfake serve` has by default: a log line must not wait for the engine either.
        configuration.log = { _ in }
        configure(&configuration)
        server = PushFakeServer(fake: PushFake(vendors: vendors), configuration: configuration)
        try server.start()
    }

    private func health() throws -> Int? {
        try LoopbackHTTPClient(port: port, receiveTimeout: 20).request("GET", "/__pushfake/health")?.status
    }

    func test_health_isAnswered_whileARequestHoldsTheEngineLock() throws {
        // Two loops: the second connection is served by the loop the first one does not block.
        try start(loops: 2)
        let held = try RawConnection(port: port, receiveTimeout: 30)
        held.send("POST /gated/wait HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\nhi")
        XCTAssertTrue(gate.waitForArrival(), "the request never reached its handler")

        XCTAssertEqual(try health(), 200, "health waited for the engine's lock")

        gate.open()
        XCTAssertEqual(RawAnswer(bytes: Self.readAnswer(held), ending: .closed).status, 200)
    }

    func test_requestWithALargeBody_isHandledOffTheEventLoop_andTheEngineQueueKeepsItsOrder() throws {
        // One loop serves every connection: were the large request handled on it, nothing else would be served.
        try start(loops: 1)
        let large = try RawConnection(port: port, receiveTimeout: 30)
        let body = String(repeating: "x", count: 300_000)
        large.send("POST /gated/wait HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 300000\r\n\r\n" + body)
        XCTAssertTrue(gate.waitForArrival(), "the request never reached its handler")
        XCTAssertEqual(try health(), 200, "the large request held the event loop")

        // A small request to the same engine waits its turn behind it, off the loop too.
        let register = try RawConnection(port: port, receiveTimeout: 30)
        register.send(Self.registerRequest())
        XCTAssertTrue(Wait.until { self.server.heavyRequests.pendingCount(self.fake) == 2 })
        XCTAssertEqual(try health(), 200, "the request waiting for the engine held the event loop")

        gate.open()
        let answer = RawResponse.parse(Self.readAnswer(large)).first
        XCTAssertEqual(answer?.status, 200)
        XCTAssertEqual(answer?.text, #"{"bodyBytes":300000}"#)
        XCTAssertEqual(RawResponse.parse(Self.readAnswer(register)).first?.status, 200)
        XCTAssertEqual(fake.journal.entries.map(\.operation), [Operation("wait"), .register])
    }

    func test_largeDevicesView_isBuiltOutsideTheEngineLock_whileAnotherClientRegisters() throws {
        // The gated vendor claims enough devices for the view to be built off the loops.
        try start(claimedDevices: 100_000, loops: 2)
        let viewer = try RawConnection(port: port, receiveTimeout: 30)
        viewer.send("GET /__pushfake/devices HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertTrue(gate.waitForArrival(), "the view was never built")

        let client = try LoopbackHTTPClient(port: port, receiveTimeout: 20)
        client.send(Self.registerRequest())
        XCTAssertEqual(client.readResponse()?.status, 200, "the register waited for the view")
        XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200)

        gate.open()
        let answer = RawResponse.parse(Self.readAnswer(viewer)).first
        XCTAssertEqual(answer?.status, 200)
        // The snapshot was taken when the view was asked for: before the register.
        XCTAssertEqual(answer?.text, #"{"tpns":[],"twinPush":[],"gated":["gated"]}"#)
    }

    /// Reads until one whole response has arrived (or the connection ends).
    private static func readAnswer(_ connection: RawConnection) -> [UInt8] {
        var bytes: [UInt8] = []
        while RawResponse.parse(bytes).isEmpty {
            guard case .bytes(let more) = connection.read() else { break }
            bytes += more
        }
        return bytes
    }
}
