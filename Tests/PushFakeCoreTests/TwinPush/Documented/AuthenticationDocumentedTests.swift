import PushFakeCore
import PushFakeTestSupport
import XCTest

/// TwinPush's "Authentication" page (TwinPush/api-docs at b4b5d47): the App ID in the path, the device id as a
/// registered device's credential, the API token on register, the creator token on creating notifications.
final class AuthenticationDocumentedTests: XCTestCase {
    /// "Application ID": every request names the app in the path; the documents' example id is `cs555ab2356a37a0`.
    func test_applicationID_identifiesTheApp_whenItIsInThePath() {
        let client = TwinPushTestClient.strict()
        XCTAssertEqual(TwinPushTestClient.app, "cs555ab2356a37a0")
        client.registerIOS()
        var other = client
        other.app = "ab42d6512343133a"
        assertTwinPushError(other.send("GET", other.path("/devices/1000000000000001/badge")), 404, "AppNotFound")
    }

    /// "Device ID": calls of a registered device are authenticated by its id in the path alone, no token.
    func test_deviceID_isTheOnlyCredential_ofARegisteredDevicesCalls() {
        let client = TwinPushTestClient.strict()
        let id = client.registerAndroid()
        XCTAssertEqual(client.send("POST", client.devicePath(id, "/open_app")).status, 200)
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/badge")).json, ["badge": 0])
    }

    /// "API Token": required on register, in `X-TwinPush-REST-API-Token`.
    func test_apiToken_isRequiredOnRegister() {
        let client = TwinPushTestClient.strict()
        let body = #"{"udid":"1c5cabc4","platform":"ios"}"#
        assertTwinPushError(client.send("POST", client.path("/devices/register"), body), 403, "InvalidToken")
        let wrong = client.send(
            "POST", client.path("/devices/register"), body,
            headers: ["X-TwinPush-REST-API-Token": "ca044e0bc6a4f1cg23d9dbfb4251dhy6"])
        assertTwinPushError(wrong, 403, "InvalidToken")
        let right = client.send(
            "POST", client.path("/devices/register"), body,
            headers: ["X-TwinPush-REST-API-Token": TwinPushTestClient.apiToken])
        XCTAssertEqual(right.status, 200, right.text)
    }

    /// "API Creator token": the example creates with `POST /api/v2/notifications` and only the creator header, so
    /// the token is what names the app.
    func test_creatorToken_namesTheApp_whenTheExampleLeavesTheAppOutOfThePath() throws {
        // GIVEN two declared apps, each with a device
        let second = TwinPushApp(id: "ab42d6512343133a", apiToken: "a2", creatorToken: "c2")
        let first = TwinPushApp(
            id: TwinPushTestClient.app, apiToken: TwinPushTestClient.apiToken,
            creatorToken: TwinPushTestClient.creatorToken)
        let client = TwinPushTestClient(fake: PushFake(PushFakeConfiguration(twinPushApps: [first, second])))
        var other = client
        other.app = second.id
        client.registerIOS()
        other.send(
            "POST", other.path("/devices/register"), #"{"udid":"x","platform":"ios","push_token":"aa"}"#,
            headers: ["X-TwinPush-REST-API-Token": "a2"])
        // WHEN the example's request carries the second app's creator token
        let reply = client.send(
            "POST", "/api/v2/notifications", #"{"broadcast":true,"alert":"Hi"}"#,
            headers: ["X-TwinPush-REST-API-Key-Creator": "c2", "Content-Type": "application/json; charset: utf-8"])
        // THEN the notification is the second app's, and reached only its device
        XCTAssertEqual(reply.status, 200, reply.text)
        let id = try XCTUnwrap(reply.json["objects"]?[0]?["id"]?.stringValue)
        XCTAssertEqual(client.fake.twinPushNotification(id: id)?.appID, second.id)
        XCTAssertEqual(client.fake.deliveries.map(\.app), [second.id])
        XCTAssertEqual(client.fake.journal.entries.last?.app, second.id)
        // AND a token of no app, or none, is 403; without declared apps no token names an app
        assertTwinPushError(
            client.send(
                "POST", "/api/v2/notifications", #"{"broadcast":true,"alert":"Hi"}"#,
                headers: ["X-TwinPush-REST-API-Key-Creator": "nope"]), 403, "InvalidCreatorToken")
        let open = TwinPushTestClient(fake: PushFake())
        assertTwinPushError(
            open.send("POST", "/api/v2/notifications", #"{"broadcast":true,"alert":"Hi"}"#), 404, "AppNotFound")
    }
}
