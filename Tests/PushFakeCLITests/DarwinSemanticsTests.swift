import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

#if os(Linux)
    import Glibc

    /// Darwin's socket semantics, emulated on Linux: `Tests/Shims/darwin_listen_shutdown.c` makes `shutdown()` of a
    /// listening socket fail with ENOTCONN and leave `accept()` blocked, as macOS does (PlatformNotes.md, "Sockets
    /// and the server"). Under it, every way PushFake stops must still stop — the live server in a test's
    /// `tearDown`, and `pushfake serve` on SIGTERM — under the thread-per-connection model that macOS runs.
    final class DarwinSemanticsTests: XCTestCase {
        func test_serve_exitsZeroWithinOneSecondOfSIGTERM_whenShutdownBehavesAsOnDarwin() throws {
            let shim = try DarwinShim.build()
            let log = DarwinShim.logPath()
            let server = try ServeProcess(
                ["--quiet"],
                environment: ["LD_PRELOAD": shim, "PUSHFAKE_SHIM_LOG": log, "PUSHFAKE_IO_MODEL": "threads"])
            XCTAssertGreaterThan(server.port, 0)
            // A connection mid-request and an idle keep-alive one must not hold the exit up either. The server
            // accepts in order, so once the later connection is answered the earlier one has been accepted too:
            // no new connection is left to wake the accept loop by chance.
            let partial = try LoopbackHTTPClient(port: server.port)
            partial.send("POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n{")
            let idle = try LoopbackHTTPClient(port: server.port)
            idle.send("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            XCTAssertEqual(idle.readResponse()?.status, 200)
            let (status, _) = server.stop(signal: SIGTERM, watchdog: 10)
            XCTAssertEqual(status, 0, "killed by the watchdog: pushfake serve ignored SIGTERM")
            XCTAssertLessThan(server.stopDuration, 1.0)
            XCTAssertTrue(try DarwinShim.wasLoaded(log), "the shim was not preloaded, so this proved nothing")
        }

        func test_stop_returns_whenShutdownBehavesAsOnDarwin() throws {
            let shim = try DarwinShim.build()
            let log = DarwinShim.logPath()
            // LD_PRELOAD only works from process start: run the child test below in a fresh test process.
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["PushFakeCLITests.DarwinSemanticsChildTests"]
            child.environment = ProcessInfo.processInfo.environment.merging([
                "LD_PRELOAD": shim, "PUSHFAKE_SHIM_LOG": log, "PUSHFAKE_IO_MODEL": "threads",
                DarwinSemanticsChildTests.flag: "1",
            ]) { _, added in added }
            let output = Pipe()
            child.standardOutput = output
            child.standardError = output
            try child.run()
            let transcript = DarwinShim.readAll(output, from: child, watchdog: 60)
            XCTAssertEqual(child.terminationReason, .exit, "the child hung and was killed:\n\(transcript)")
            XCTAssertEqual(child.terminationStatus, 0, transcript)
            XCTAssertTrue(transcript.contains("Executed 2 tests, with 0 failures"), transcript)
            XCTAssertTrue(try DarwinShim.wasLoaded(log), "the shim was not preloaded, so this proved nothing")
        }
    }

    /// Runs only inside the child process of ``DarwinSemanticsTests/test_stop_returns_whenShutdownBehavesAsOnDarwin()``.
    final class DarwinSemanticsChildTests: XCTestCase {
        static let flag = "PUSHFAKE_DARWIN_SEMANTICS_CHILD"

        override func setUpWithError() throws {
            try XCTSkipUnless(ProcessInfo.processInfo.environment[Self.flag] == "1", "runs under the Darwin shim only")
        }

        func test_shim_refusesShutdownOfListeningSocket() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            XCTAssertEqual(listen(fd, 1), 0)
            XCTAssertEqual(shutdown(fd, Int32(SHUT_RDWR)), -1)
            XCTAssertEqual(errno, ENOTCONN)
        }

        func test_stop_returnsAndRestarts_withIdleAndPartialConnections() throws {
            let server = PushFakeServer(configuration: ServerConfiguration(ioModel: .threadPerConnection))
            for _ in 0..<2 {
                try server.start()
                // Accepted in order: once `idle` is answered, `partial` was accepted, and no connection is left
                // pending that could wake the accept loop by chance.
                let partial = try LoopbackHTTPClient(port: server.port)
                partial.send("GET /__pushfake/hea")
                let idle = try LoopbackHTTPClient(port: server.port)
                idle.send("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                XCTAssertEqual(idle.readResponse()?.status, 200)
                let started = Date()
                server.stop()
                XCTAssertLessThan(Date().timeIntervalSince(started), 5)
                XCTAssertFalse(server.isRunning)
            }
        }
    }

    /// Builds the shim once per test process with the C compiler on PATH (or the one next to `swift`).
    enum DarwinShim {
        private static let built = Locked<Result<String, ShimError>?>(nil)

        struct ShimError: Error, CustomStringConvertible {
            let description: String
        }

        static func build() throws -> String {
            try built.withLock { cached in
                if let cached { return cached }
                let result = compile()
                cached = result
                return result
            }.get()
        }

        private static func compile() -> Result<String, ShimError> {
            let source = Repository.url("Tests/Shims/darwin_listen_shutdown.c")
            let output = FileManager.default.temporaryDirectory
                .appendingPathComponent("pushfake-darwin-shim-\(getpid()).so")
            for compiler in ["/usr/bin/cc", "/usr/bin/clang", "/opt/swift/usr/bin/clang"]
            where FileManager.default.isExecutableFile(atPath: compiler) {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: compiler)
                process.arguments = ["-shared", "-fPIC", "-o", output.path, source.path, "-ldl"]
                do {
                    try process.run()
                    process.waitUntilExit()
                } catch {
                    continue
                }
                if process.terminationStatus == 0 { return .success(output.path) }
            }
            return .failure(ShimError(description: "no C compiler could build \(source.path)"))
        }

        static func logPath() -> String {
            FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-shim-\(UUID().uuidString).log")
                .path
        }

        static func wasLoaded(_ log: String) throws -> Bool {
            try String(contentsOfFile: log, encoding: .utf8).contains("loaded")
        }

        /// Reads the child's output until it exits; kills it after `watchdog` seconds so a hang fails fast.
        static func readAll(_ pipe: Pipe, from process: Process, watchdog: Double) -> String {
            let collected = Locked(Data())
            let done = DispatchSemaphore(value: 0)
            let reader = Thread {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.withLock { $0 = data }
                done.signal()
            }
            reader.start()
            process.waitForExit(within: watchdog)
            _ = done.wait(timeout: .now() + 5)
            return String(decoding: collected.withLock { $0 }, as: UTF8.self)
        }
    }
#endif
