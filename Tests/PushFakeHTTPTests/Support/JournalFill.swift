import PushFakeCore

extension PushFake {
    /// Records `count` TPNS registers straight into the engine (no sockets: 20,000 take well under a second), each
    /// for its own device `F0`, `F1`, …
    func fillJournal(_ count: Int) {
        for index in 0..<count {
            let body =
                #"{"deviceId":"F\#(index)","deviceRegistrationId":"abcd","applicationKey":"testApp","#
                + #""applicationType":"IOS"}"#
            _ = handle(FakeRequest(method: "POST", target: "/TPNS/api/device/register", body: Array(body.utf8)))
        }
    }
}

/// A TPNS register of its own device `id`, as raw HTTP/1.1, to the server's engine or under an instance's `prefix`.
func rawRegister(device id: String, prefix: String = "") -> String {
    let body =
        #"{"deviceId":"\#(id)","deviceRegistrationId":"abcd","applicationKey":"testApp","applicationType":"IOS"}"#
    return "POST \(prefix)/TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
}
