import Foundation
import PushFakeCore
import PushFakeTestSupport
import PushFakeUpstream
import XCTest

final class UpstreamSettingsTests: XCTestCase {
    func test_baseURL_acceptsHTTPAndHTTPSBaseURLs_withoutTheTrailingSlash() throws {
        for (text, expected) in [
            ("https://tpns.example.com/TPNS", "https://tpns.example.com/TPNS"),
            ("http://127.0.0.1:8080/api/v2/", "http://127.0.0.1:8080/api/v2"),
            ("HTTPS://app.twinpush.com", "HTTPS://app.twinpush.com"),
        ] {
            XCTAssertEqual(try UpstreamSettings.baseURL(text).get().absoluteString, expected, text)
        }
    }

    func test_baseURL_rejectsEverythingElse_sayingWhy() {
        for (text, problem) in [
            ("tpns.example.com", "is not an absolute URL"),
            ("ftp://example.com/TPNS", "must be http or https, not ftp"),
            ("https:///TPNS", "has no host"), ("https://user:pw@example.com", "must not carry a user or password"),
            ("https://example.com/TPNS?x=1", "must not have a query or fragment"),
            ("https://example.com/TPNS#top", "must not have a query or fragment"), ("", "is not an absolute URL"),
            ("http://exa mple.com", "is not an absolute URL"),
        ] {
            switch UpstreamSettings.baseURL(text) {
            case .success(let url): XCTFail("\(text) was accepted as \(url)")
            case .failure(let error): XCTAssertEqual(error.description, problem, text)
            }
        }
    }

    func test_timeout_isKeptInRange() {
        XCTAssertEqual(UpstreamSettings(urls: [:], timeout: -1).timeout, 0.1)
        XCTAssertEqual(UpstreamSettings(urls: [:], timeout: 1e9).timeout, 600)
        XCTAssertEqual(UpstreamSettings(urls: [:]).timeout, 30)
        XCTAssertEqual(UpstreamSettings(urls: [:]).mode, .proxy)
    }
}
