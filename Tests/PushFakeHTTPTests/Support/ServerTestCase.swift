import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Starts a live server per test on 127.0.0.1:0 and stops it afterwards.
class ServerTestCase: XCTestCase {
    var server: PushFakeServer!
    var fake: PushFake { server.fake }
    var port: Int { server.port }

    func startServer(
        _ engine: PushFakeConfiguration = PushFakeConfiguration(),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        var configuration = ServerConfiguration()
        configure(&configuration)
        server = PushFakeServer(fake: PushFake(engine), configuration: configuration)
        try server.start()
    }

    override func setUpWithError() throws {
        try startServer()
    }

    override func tearDown() {
        if let server { Self.stopWithWatchdog(server) }
        server = nil
    }

    /// Stops `server`, failing the test if `stop()` has not returned within `seconds`: a hang fails fast instead of
    /// stalling the whole run (the stop thread is abandoned).
    static func stopWithWatchdog(
        _ server: PushFakeServer, seconds: Double = 10, file: StaticString = #filePath, line: UInt = #line
    ) {
        if !Wait.returns(within: seconds, { server.stop() }) {
            XCTFail("PushFakeServer.stop() did not return within \(seconds) s", file: file, line: line)
        }
    }

    /// One request through URLSession (ephemeral, no cache); a body goes as JSON unless `headers` say otherwise.
    func request(
        _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:]
    ) async throws -> (status: Int, body: JSON?, headers: [String: String]) {
        let url = try URL(validating: "http://127.0.0.1:\(port)\(path)")
        let answer = try await HTTPRequest(method, url, body: json, headers: headers).send()
        return (answer.status, answer.json, answer.headers)
    }

    static let registerBody =
        #"{"deviceId":"D1","deviceRegistrationId":"abcd","applicationKey":"testApp","applicationType":"IOS"}"#

    static func registerRequest(connection: String? = nil) -> String {
        let extra = connection.map { "Connection: \($0)\r\n" } ?? ""
        return
            "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\(extra)"
            + "Content-Length: \(registerBody.utf8.count)\r\n\r\n\(registerBody)"
    }
}
