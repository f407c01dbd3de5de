import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

final class ServerLifecycleTests: ServerTestCase {
    func test_start_bindsEphemeralPortOnLoopback_whenPortZero() async throws {
        XCTAssertGreaterThan(port, 0)
        XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(port)")
        XCTAssertEqual(server.tpnsBaseURL.absoluteString, "http://127.0.0.1:\(port)/TPNS")
        XCTAssertEqual(server.twinPushBaseURL.absoluteString, "http://127.0.0.1:\(port)/api/v2")
        let health = try await request("GET", "/__pushfake/health")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.body?["status"], "ok")
        XCTAssertTrue(fake.journal.entries.isEmpty, "admin calls are not vendor traffic")
    }

    func test_staticStart_startsAServerForANewEngine_whenCalled() throws {
        let started = try PushFakeServer.start(PushFakeConfiguration(seed: 7))
        defer { Self.stopWithWatchdog(started) }
        XCTAssertTrue(started.isRunning)
        XCTAssertEqual(started.fake.configuration.seed, 7)
        let client = try LoopbackHTTPClient(port: started.port)
        XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200)
    }

    func test_stop_isIdempotentAndRestartable_whenCalledTwice() async throws {
        server.stop()
        server.stop()
        XCTAssertFalse(server.isRunning)
        XCTAssertThrowsError(try LoopbackHTTPClient(port: port), "nothing listens after stop")
        try server.start()
        XCTAssertTrue(server.isRunning)
        let health = try await request("GET", "/__pushfake/health")
        XCTAssertEqual(health.status, 200)
    }

    func test_start_throwsAddressInUse_whenPortTaken() throws {
        let second = PushFakeServer(configuration: ServerConfiguration(port: port))
        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertEqual(error as? PushFakeError, .addressInUse(port: port))
        }
    }

    func test_start_servesIPv6Loopback_whenHostIsColonColonOne() throws {
        let ipv6 = PushFakeServer(configuration: ServerConfiguration(host: "::1"))
        do {
            try ipv6.start()
        } catch {
            throw XCTSkip("IPv6 loopback unavailable here: \(error)")
        }
        defer { ipv6.stop() }
        XCTAssertEqual(ipv6.baseURL.absoluteString, "http://[::1]:\(ipv6.port)")
        let client = try LoopbackHTTPClient(host: "::1", port: ipv6.port)
        client.send("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.status, 200)
    }

    func test_manyServers_keepSeparateState_whenRunningAtOnce() async throws {
        let other = PushFakeServer()
        try other.start()
        defer { other.stop() }
        XCTAssertNotEqual(other.port, port)
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(fake.tpnsDevices().count, 1)
        XCTAssertEqual(other.fake.tpnsDevices().count, 0)
    }

    func test_stop_wakesDelayedResponse_whenServerStops() throws {
        fake.inject(.delay(30), when: .tpns(.register))
        let client = try LoopbackHTTPClient(port: port)
        client.send(Self.registerRequest())
        let started = Date()
        Thread.sleep(forTimeInterval: 0.2)
        server.stop()
        _ = client.readResponse()
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "stop must not wait for a 30 s delay")
    }
}
