import Foundation
import PushFakeTestSupport
import XCTest

@testable import PushFakeUpstream

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The status and cause a client gets for each kind of URLSession failure (no network needed).
final class UpstreamFailureTests: XCTestCase {
    func test_failures_map502And504_withTheirCause() {
        let cases: [(URLError.Code, Int, String)] = [
            (.timedOut, 504, "timed out"), (.cannotConnectToHost, 502, "connection refused"),
            (.cannotFindHost, 502, "DNS: cannot find the host"), (.dnsLookupFailed, 502, "DNS: cannot find the host"),
            (.networkConnectionLost, 502, "connection lost before the answer was complete"),
            (.notConnectedToInternet, 502, "no network"),
        ]
        for (code, status, cause) in cases {
            XCTAssertEqual(UpstreamFailure(URLError(code)), UpstreamFailure(status: status, cause: cause), "\(code)")
        }
        let tls = UpstreamFailure(URLError(.serverCertificateUntrusted))
        XCTAssertEqual(tls.status, 502)
        XCTAssertTrue(tls.cause.hasPrefix("TLS: "), tls.cause)
        let other = UpstreamFailure(URLError(.badServerResponse))
        XCTAssertEqual(other.status, 502)
        XCTAssertTrue(other.cause.hasSuffix("(URLError \(URLError.Code.badServerResponse.rawValue))"), other.cause)
    }

    func test_headers_dropHopByHopFields_bothWays_andOrderTheAnswerCanonically() {
        let request = UpstreamHeaders.request([
            "Host": "a", "Connection": "close, X-Private", "X-Private": "1", "Accept-Encoding": "gzip",
            "Content-Length": "2", "X-TwinPush-REST-API-Token": "t", "Content-Type": "application/json",
        ])
        XCTAssertEqual(request.map { $0.name }, ["X-TwinPush-REST-API-Token", "Content-Type"])
        let response = UpstreamHeaders.response([
            ("Server", "nginx"), ("Content-Length", "10"), ("Cache-Control", "no-store"), ("Content-Encoding", "gzip"),
            ("Date", "x"), ("Content-Type", "application/json"), ("Transfer-Encoding", "chunked"),
        ])
        XCTAssertEqual(response.fields.map(\.name), ["Content-Type", "Cache-Control", "Date", "Server"])
    }
}
