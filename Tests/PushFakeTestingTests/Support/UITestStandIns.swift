import Foundation
import PushFakeClients
import PushFakeTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The README's `.remote` and XCUITest examples (ReadmeExamples.swift) compile and run everywhere. In an iOS test
// bundle they use XCTest's own XCUIApplication and the server a scheme pre-action started; elsewhere — Linux,
// macOS unit tests, where there is no app to launch — `pushFakeServer` is a server this test process starts once,
// and `XCUIApplication` is a stand-in with the same members whose `launch()` runs a stand-in for the app.

#if canImport(XCTest) && os(iOS)
    import XCTest

    /// Where the scheme's pre-action started `pushfake serve --port 8089`; `PUSHFAKE_SERVER` in the scheme's test
    /// environment says otherwise.
    let pushFakeServer =
        URL(string: ProcessInfo.processInfo.environment["PUSHFAKE_SERVER"] ?? "http://127.0.0.1:8089")
        ?? URL(fileURLWithPath: "/")
#else
    /// What a scheme pre-action or CI step would start before the run: one server for the whole test process, on a
    /// port the kernel picks, never stopped (like `pushfake serve` during a test run).
    enum StandInPushFakeServe {
        static let server: PushFakeServer = {
            let server = PushFakeServer()
            // A failed start shows as "cannot reach the server" from the first fixture that uses it.
            try? server.start()
            return server
        }()
    }

    /// The running server's URL, as a UI test gets it.
    var pushFakeServer: URL { StandInPushFakeServe.server.baseURL }

    /// `XCUIApplication`'s shape where XCUITest does not exist. `launch()` starts a stand-in for the app under test:
    /// a task that does what the app does at launch — register for push with TPNS at `PUSHFAKE_TPNS_URL` from
    /// ``launchEnvironment`` — over real HTTP, knowing nothing else of the test, as the app's own process would.
    @MainActor
    final class XCUIApplication {
        var launchEnvironment: [String: String] = [:]
        var launchArguments: [String] = []
        /// The running stand-in app.
        private(set) var process: Task<Void, any Error>?

        func launch() {
            let environment = launchEnvironment
            process = Task.detached {
                guard let url = environment["PUSHFAKE_TPNS_URL"].flatMap(URL.init(string:)) else { return }
                let client = TPNSClient(session: URLSession(configuration: .ephemeral))
                _ = try await client.register(url: url, appKey: "testApp", pushToken: Data([0xAB, 0xCD]))
            }
        }

        func terminate() {
            process?.cancel()
        }
    }
#endif
