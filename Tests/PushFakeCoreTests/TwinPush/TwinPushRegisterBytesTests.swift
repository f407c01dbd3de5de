import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The register answer is written straight into bytes; it must be exactly what the Device object serializes to.
final class TwinPushRegisterBytesTests: XCTestCase {
    private func assertAnswerIsTheDeviceObject(
        _ reply: TwinPushReply, fake: PushFake, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
        let id = try XCTUnwrap(reply.json["objects"]?[0]?["id"]?.stringValue, file: file, line: line)
        let device = try XCTUnwrap(fake.twinPushDevice(id: id), file: file, line: line)
        let expected: JSON = ["objects": [device.jsonValue], "references": []]
        XCTAssertEqual(reply.text, expected.serializedString(), file: file, line: line)
    }

    func test_registerAnswer_matchesTheDeviceObject_whenFieldsAreSetClearedOrMissing() throws {
        let client = TwinPushTestClient(fake: PushFake())
        let register = client.path("/devices/register")
        try assertAnswerIsTheDeviceObject(
            client.send("POST", register, #"{"udid":"U1","platform":"android"}"#), fake: client.fake)
        let everything = #"""
            {"udid":"U2","platform":"ios","push_token":"5C1D","alias_device":"ana \"the\" user\n\u00e9\u2603",
             "language":"es_ES","device_code":"iPhone12,1","device_model":"iPhone","device_manufacturer":"Apple",
             "app_version":"1.0","sdk_version":"4.0.0","os_version":"13.3","os_name":"iOS","os_version_code":29}
            """#
        let reply = client.send("POST", register, everything)
        try assertAnswerIsTheDeviceObject(reply, fake: client.fake)
        let id = try XCTUnwrap(reply.json["objects"]?[0]?["id"]?.stringValue)
        for (name, type, value) in [
            ("s", "string", #""x\"y""#), ("b", "boolean", "1"), ("i", "integer", "42"), ("f", "float", "2.5"),
            ("e", "enum", #""gold""#), ("l", "enum_list", #"["a","b"]"#),
        ] {
            client.send(
                "POST", client.path("/devices/\(id)/set_custom_property"),
                #"{"name":"\#(name)","type":"\#(type)","value":\#(value)}"#)
        }
        client.fake.advanceClock(by: 90)
        try assertAnswerIsTheDeviceObject(
            client.send("POST", register, #"{"device_id":"\#(id)","push_token":"","language":null}"#),
            fake: client.fake)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.customProperties.count, 6)
    }
}
