import PushFakeCore
import PushFakeHTTP
import XCTest

/// A thousand requests in one write are answered, in order, while another client is served.
final class HostilePipelineTests: HostileTestCase {
    func test_thousandPipelinedRequests_areAllAnsweredInOrder() throws {
        let client = try LoopbackHTTPClient(port: port, receiveTimeout: 20)
        var batch = ""
        for _ in 0..<1_000 { batch += "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }
        batch += Self.registerRequest()
        client.send(batch)
        assertServed("while 1,000 pipelined requests are answered")
        for index in 0..<1_000 {
            guard let response = client.readResponse() else { return XCTFail("response \(index) missing") }
            XCTAssertEqual(response.status, 200)
        }
        XCTAssertEqual(client.readResponse()?.status, 200, "the last one, a register, answered last")
        XCTAssertEqual(fake.tpnsDevices().count, 1)
        assertServed("after 1,000 pipelined requests")
    }
}
