import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Clients that pipeline expensive answers (journal exports) and never read them: they stop being read once their
/// output backs up, and another client waits about one answer for its turn, not one per busy connection.
final class HostileExportFloodTests: HostileTestCase {
    func test_pipelinedJournalExportsNeverRead_doNotStarveAnotherClient() throws {
        try restart { $0.requestTimeout = 30 }
        let filler = try LoopbackHTTPClient(port: port, receiveTimeout: 30)
        filler.send(String(repeating: Self.registerRequest(), count: 500))
        for index in 0..<500 {
            guard filler.readResponse()?.status == 200 else { return XCTFail("register \(index) not answered") }
        }
        let export = "GET /__pushfake/journal HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        var flooders: [RawConnection] = []
        for _ in 0..<10 {
            let flooder = try RawConnection(port: port)
            flooder.send(String(repeating: export, count: 100))
            flooders.append(flooder)
        }
        // The first answer of the last flooder has begun to arrive: every loop is busy with exports.
        guard case .bytes = flooders[9].read() else { return XCTFail("no export started") }

        assertServed("while 10 clients pipeline 100 journal exports each without reading")

        flooders.removeAll()
        XCTAssertTrue(Wait.until { self.server.connectionCounts.open == 1 }, "\(server.connectionCounts)")
        assertServed("after the flood")
    }
}
