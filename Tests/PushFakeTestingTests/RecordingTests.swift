import Foundation
import PushFakeCore
import PushFakeTesting
import Testing

/// The canonical form recordings are compared in.
@Suite struct RecordingTests {
    @Test func recordingLines_sortComparedHeadersByName_whenClientsSendThemInAnotherOrder() async throws {
        // GIVEN the same register sent twice, its headers in the two orders URLSession may use on Linux
        let body = Array(#"{"udid":"u","platform":"ios"}"#.utf8)
        let target = "/api/v2/apps/app1/devices/register"
        let tokenFirst: HTTPHeaders = ["X-TwinPush-REST-API-Token": "t", "Content-Type": "application/json"]
        let typeFirst: HTTPHeaders = ["Content-Type": "application/json", "X-TwinPush-REST-API-Token": "t"]
        let lines = try await [tokenFirst, typeFirst].asyncMap { headers in
            try await withPushFake(.urlProtocol) { fake in
                _ = fake.engine.handle(FakeRequest(method: "POST", target: target, headers: headers, body: body))
                return fake.recordingLines()
            }
        }
        // WHEN / THEN the recording lines are equal, with the headers in name order
        #expect(lines[0] == lines[1])
        #expect(
            lines[0].first?["request"]?["headers"] == [
                ["content-type", "application/json"], ["x-twinpush-rest-api-token", "${secret:twinpush-api-token}"],
            ])
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
