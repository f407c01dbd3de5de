import XCTest

@testable import PushFakeHTTP

/// The byte-level tests every request passes on the server's path before the engine: which body limit an upload has
/// (``UploadLimits``), the instance prefix (``InstancePath``) and the admin prefix (`AdminAPI.inner`). They walk bytes
/// for speed (Performance.md) and must agree with the routes they stand in front of.
final class RequestPathPrefixTests: XCTestCase {
    func test_uploadKind_findsTheAdminUploadsOnly() {
        XCTAssertEqual(UploadLimits.kind(method: "PUT", target: "/__pushfake/state", in: .standard), .state)
        XCTAssertEqual(UploadLimits.kind(method: "PUT", target: "/i/7/__pushfake/state", in: .standard), .state)
        XCTAssertEqual(
            UploadLimits.kind(method: "PUT", target: "http://127.0.0.1:8080/__pushfake/state", in: .standard), .state)
        XCTAssertEqual(
            UploadLimits.kind(method: "POST", target: "//__pushfake//recordings/compare", in: .standard), .recording)
        XCTAssertEqual(UploadLimits.kind(method: "POST", target: "/TPNS/api/device/register", in: .standard), .body)
        XCTAssertEqual(UploadLimits.kind(method: "GET", target: "/__pushfake/state", in: .standard), .body)
        XCTAssertEqual(UploadLimits.kind(method: "PUT", target: "/__pushfakes/state", in: .standard), .body)
        XCTAssertEqual(UploadLimits.kind(method: "PUT", target: "/__pushfake", in: .standard), .body)
    }

    func test_mentions_isByteContainment() {
        XCTAssertTrue(UploadLimits.mentions("/a/__pushfake/b", "/__pushfake"))
        XCTAssertTrue(UploadLimits.mentions("/_/__pushfake", "/__pushfake"))
        XCTAssertFalse(UploadLimits.mentions("/__pushfake", "/__pushfake"), "not longer than the part")
        XCTAssertFalse(UploadLimits.mentions("/__pushfak/__pushfak", "/__pushfake"))
        XCTAssertFalse(UploadLimits.mentions("/anything", ""))
    }

    func test_instancePath_splitsOnSlashes() {
        XCTAssertEqual(InstancePath.split("/i/7/TPNS/api").map { "\($0.id) \($0.rest)" }, "7 /TPNS/api")
        XCTAssertEqual(InstancePath.split("//i//7//x").map { "\($0.id) \($0.rest)" }, "7 //x")
        XCTAssertEqual(InstancePath.split("/i/7").map { "\($0.id) \($0.rest)" }, "7 /")
        XCTAssertNil(InstancePath.split("/i/"))
        XCTAssertNil(InstancePath.split("/ix/7/a"))
        XCTAssertNil(InstancePath.split("/TPNS/i/7"))
        XCTAssertNil(InstancePath.split("///"))
    }

    func test_adminInner_isThePathUnderThePrefix() {
        XCTAssertEqual(AdminAPI.inner("/__pushfake//journal/"), "//journal/")
        XCTAssertEqual(AdminAPI.inner("//__pushfake"), "")
        XCTAssertEqual(AdminAPI.inner("/__pushfake/health"), "/health")
        XCTAssertNil(AdminAPI.inner("/__pushfakes/health"))
        XCTAssertNil(AdminAPI.inner("/__pushfak"))
        XCTAssertNil(AdminAPI.inner("/TPNS/__pushfake"))
        XCTAssertNil(AdminAPI.inner("//"))
    }
}
