import Foundation
import PushFakeCore
import PushFakeTesting
import PushFakeURLProtocol
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class TransportTests: XCTestCase {
    private let register =
        #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"k","applicationType":"IOS"}"#

    func test_withPushFake_stopsFake_whenBodyThrows() async throws {
        struct Boom: Error {}
        var captured: RunningPushFake?
        do {
            try await withPushFake(.live) { fake in
                captured = fake
                throw Boom()
            }
            XCTFail("expected the error to propagate")
        } catch is Boom {}
        XCTAssertEqual(captured?.server?.isRunning, false)
    }

    func test_urlProtocol_isolatesParallelFakes_whenManyRunAtOnce() async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await withPushFake(.urlProtocol) { fake in
                        let session = fake.makeURLSession()
                        for device in 0...index {
                            let body = #"{"deviceId":"D\#(device)","applicationKey":"k","applicationType":"AOS"}"#
                            _ = try await Scenarios.send(
                                session, fake.tpnsBaseURL.appendingPathComponent("api/device/register"),
                                method: "POST", body: body)
                        }
                        return fake.engine.tpnsDevices().count - (index + 1)
                    }
                }
            }
            for try await difference in group { XCTAssertEqual(difference, 0) }
        }
    }

    func test_urlProtocolAndLive_answerWithTheFakeClocksDate() async throws {
        for transport in [PushFakeTransport.urlProtocol, .live] {
            try await withPushFake(transport) { fake in
                fake.engine.advanceClock(by: 3_600)
                let session = fake.makeURLSession()
                var request = URLRequest(url: fake.tpnsBaseURL.appendingPathComponent("api/device/register"))
                request.httpMethod = "POST"
                request.httpBody = Data(register.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                let (_, response) = try await session.data(for: request)
                let date = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Date")
                XCTAssertEqual(date, "Thu, 01 Jan 2026 01:00:00 GMT", "\(transport)")
            }
        }
    }

    func test_urlProtocol_appliesDelayAndDropFaults_whenInjected() async throws {
        try await withPushFake(.urlProtocol) { fake in
            let session = fake.makeURLSession()
            let url = fake.tpnsBaseURL.appendingPathComponent("api/device/register")
            fake.inject(.delay(0.3), when: .tpns(.register))
            let started = Date()
            let (status, _) = try await Scenarios.send(session, url, method: "POST", body: register)
            XCTAssertEqual(status, 200)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.25)
            fake.inject(.dropConnection, when: .tpns(.register))
            do {
                _ = try await Scenarios.send(session, url, method: "POST", body: register)
                XCTFail("expected a dropped connection")
            } catch {
                XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
            }
        }
    }

    func test_urlProtocol_deliversNothingAfterStopLoading_whenTaskCancelledDuringDelay() async throws {
        try await withPushFake(.urlProtocol) { fake in
            let session = fake.makeURLSession()
            var request = URLRequest(url: fake.tpnsBaseURL.appendingPathComponent("api/device/register"))
            request.httpMethod = "POST"
            request.httpBody = Data(register.utf8)
            fake.inject(.delay(0.5), when: .tpns(.register))
            // (status, URLError code) of each completion.
            let completions = Locked<[(Int?, URLError.Code?)]>([])
            let done = DispatchSemaphore(value: 0)
            let task = session.dataTask(with: request) { _, response, error in
                completions.withLock {
                    $0.append(((response as? HTTPURLResponse)?.statusCode, (error as? URLError)?.code))
                }
                done.signal()
            }
            task.resume()
            try await Task.sleep(nanoseconds: 100_000_000)
            task.cancel()
            XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
            // Past the delay: the cancelled answer must not arrive as a second completion or a response.
            try await Task.sleep(nanoseconds: 700_000_000)
            let seen = completions.withLock { $0 }
            XCTAssertEqual(seen.count, 1)
            XCTAssertNil(seen.first?.0, "no response after cancel")
            XCTAssertEqual(seen.first?.1, .cancelled)
            XCTAssertEqual(fake.journal.count, 1, "the engine saw the request before the delay")
        }
    }

    func test_urlProtocol_timesOutLikeURLSession_whenDelayExceedsTimeout() async throws {
        try await withPushFake(.urlProtocol) { fake in
            let session = fake.makeURLSession()
            var request = URLRequest(url: fake.tpnsBaseURL.appendingPathComponent("api/device/register"))
            request.httpMethod = "POST"
            request.httpBody = Data(register.utf8)
            request.timeoutInterval = 1
            // Control: without the fault the same request succeeds within the timeout.
            let (_, control) = try await session.data(for: request)
            XCTAssertEqual((control as? HTTPURLResponse)?.statusCode, 200)
            fake.inject(.delay(3), when: .tpns(.register))
            do {
                _ = try await session.data(for: request)
                XCTFail("expected a timeout")
            } catch {
                XCTAssertEqual((error as? URLError)?.code, .timedOut)
            }
        }
    }

    func test_urlProtocol_journalsBodyUnavailable_whenUploadHidesBody() async throws {
        try await withPushFake(.urlProtocol, strict: false) { fake in
            let session = fake.makeURLSession()
            var request = URLRequest(url: fake.tpnsBaseURL.appendingPathComponent("api/device/register"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            _ = try await session.upload(for: request, from: Data(register.utf8))
            let entry = try XCTUnwrap(fake.journal.entries.first)
            if entry.request.bodyAvailable {
                // Darwin hands the body over: then it must be the real one.
                XCTAssertEqual(entry.body?["deviceId"], "D1")
            } else {
                XCTAssertTrue(entry.notes.contains { $0.contains("body unavailable") })
                XCTAssertTrue(entry.request.body.isEmpty)
            }
        }
    }

    func test_live_launchEnvironment_pointsAtServer_whenStarted() async throws {
        try await withPushFake(.live) { fake in
            let port = try XCTUnwrap(fake.server?.port)
            XCTAssertEqual(fake.launchEnvironment["PUSHFAKE_TPNS_URL"], "http://127.0.0.1:\(port)/TPNS")
            XCTAssertEqual(fake.launchEnvironment["PUSHFAKE_TWINPUSH_URL"], "http://127.0.0.1:\(port)/api/v2")
            XCTAssertEqual(fake.launchEnvironment["PUSHFAKE_URL"], "http://127.0.0.1:\(port)")
            XCTAssertEqual(fake.launchArguments.prefix(2), ["-PushFakeURL", "http://127.0.0.1:\(port)"])
            let base = "http://127.0.0.1:\(port)"
            XCTAssertEqual(
                fake.launchEnvironment,
                [
                    "PUSHFAKE_URL": base, "PUSHFAKE_TPNS_URL": base + "/TPNS",
                    "PUSHFAKE_TWINPUSH_URL": base + "/api/v2",
                    "PUSHFAKE_ADMIN_URL": base + "/__pushfake",
                ])
            XCTAssertEqual(
                fake.launchArguments,
                [
                    "-PushFakeURL", base, "-PushFakeTPNSURL", base + "/TPNS", "-PushFakeTwinPushURL", base + "/api/v2",
                ])
            XCTAssertEqual(fake.baseURL(for: .twinPush)?.absoluteString, base + "/api/v2")
        }
    }

    func test_setUpTearDownStyle_startsAndStops_whenCalledDirectly() async throws {
        let fake = try RunningPushFake.start(.live)
        let (status, body) = try await Scenarios.send(
            fake.makeURLSession(), fake.adminURL.appendingPathComponent("health"), method: "GET")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(body?["status"], "ok")
        fake.stop()
        fake.stop()
        XCTAssertEqual(fake.server?.isRunning, false)
        let server = try PushFakeServer.start()
        XCTAssertGreaterThan(server.port, 0)
        server.stop()
    }
}
