import PushFakeCore
import PushFakeHTTP
import XCTest

/// A live server with the echo vendor registered, started before each test and stopped after it.
class EchoServerCase: XCTestCase {
    var server: PushFakeServer!

    override func setUpWithError() throws {
        server = PushFakeServer(fake: try PushFake.withEcho())
        try server.start()
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    func call(
        _ method: String, _ target: String, _ body: String? = nil, headers: [(String, String)] = []
    ) throws -> LoopbackHTTPClient.Response {
        let client = try LoopbackHTTPClient(port: server.port)
        return try XCTUnwrap(client.request(method, target, body: body, headers: headers))
    }
}
