import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// A client that does not read its answers stops being read and answered until the output drains.
final class ConnectionMachineBackpressureTests: XCTestCase {
    func test_pipelinedRequests_waitWhileOutputIsOverTheHighWater_thenResume() {
        var harness = MachineHarness(outputHighWater: 50)
        let requests = (1...6).map { get("/\($0)") }.joined()

        harness.feed(requests)

        let first = harness.responder.targets
        XCTAssertLessThan(first.count, 6)
        XCTAssertFalse(harness.machine.wantsToRead)
        var output = ""
        while harness.machine.hasPendingOutput { output += harness.written() }
        XCTAssertEqual(harness.responder.targets, ["/1", "/2", "/3", "/4", "/5", "/6"])
        XCTAssertEqual(output, (1...6).map { echo("/\($0)") }.joined())
        XCTAssertTrue(harness.machine.wantsToRead)
    }
}
