import PushFakeCore
import PushFakeTestSupport

// A third vendor, defined entirely outside PushFakeCore: an echo API under `/echo` that registers devices,
// echoes what they say back as a delivery, and has its own error shape, fault key, id kind and admin views.

extension Vendor {
    static let echo = Vendor("echo")
}

extension Operation {
    static let registerDevice: Operation = "registerDevice"
    static let say: Operation = "say"
    static let history: Operation = "history"
    static let push: Operation = "push"
}

extension IDKind {
    static let echoMessage = IDKind(digit: 6, name: "echoMessage")
}

/// The echo API's errors: `{"echoError":{"code":…,"message":…}}` with the code's status.
struct EchoError: Sendable {
    let code: String
    let status: Int

    static let busy = EchoError(code: "Busy", status: 503)
    static let tooLoud = EchoError(code: "TooLoud", status: 422)

    static func shape(status: Int, code: String, message: String) -> FakeResponse {
        .json(status, ["echoError": ["code": .string(code), "message": .string(message)]])
    }

    var vendorError: VendorError {
        VendorError(
            vendor: .echo, name: code, response: Self.shape(status: status, code: code, message: "injected \(code)"),
            description: "Echo error \(code)", json: ["echoError": .string(code)])
    }
}

extension Fault {
    static func echoError(_ error: EchoError) -> Fault { .vendorError(error.vendorError) }
}

struct EchoVendor: PushVendor {
    struct Message: Sendable {
        let id: String
        let device: String
        let text: String
    }

    struct State {
        var devices: [String] = []
        var messages: [Message] = []
        var ticks = 0
        var apps: [EchoApp] = []
    }

    var vendor: Vendor { .echo }
    var displayName: String { "Echo" }
    var pathPrefixes: [String] { ["/echo"] }
    var idKinds: [IDKind] { [.echoMessage] }

    var routes: [VendorRoute<State>] {
        [
            VendorRoute("POST", "/echo/devices/{device}", .registerDevice) { context, state, _ in
                let device = context.parameter("device")
                if !state.devices.contains(device) { state.devices.append(device) }
                context.notes.append("echo device \(device)")
                return .json(200, ["device": .string(device)])
            },
            VendorRoute("POST", "/echo/devices/{device}/say", .say) { context, state, services in
                let device = context.parameter("device")
                guard state.devices.contains(device) else {
                    return EchoError.shape(status: 404, code: "UnknownDevice", message: "no device \(device)")
                }
                guard let text = context.bodyObject?["text"]?.stringValue else {
                    return EchoError.shape(status: 400, code: "NoText", message: "text is required")
                }
                let id = services.nextID(.echoMessage)
                state.messages.append(Message(id: id, device: device, text: text))
                services.record(
                    Delivery(
                        id: services.nextID(.delivery), vendor: .echo, app: "echo", notificationID: id,
                        deviceID: device, platform: .android, token: nil,
                        payload: JSON.object(["echo": .string(text)]).serialized(), createdAt: services.now))
                return .json(200, ["id": .string(id), "echo": .string(text)])
            },
            // Records the payload, token and APNs headers the body gives as it is: the delivery checks
            // (DeliveryChecks.md) see a vendor's own payloads and headers.
            VendorRoute("POST", "/echo/devices/{device}/push", .push) { context, state, services in
                let device = context.parameter("device")
                guard let body = context.bodyObject, let payload = body["payload"],
                    let platform = body["platform"]?.stringValue.flatMap(Delivery.Platform.init(rawValue:))
                else {
                    return EchoError.shape(status: 400, code: "NoPush", message: "platform and payload are required")
                }
                let headers: Delivery.APNsHeaders? =
                    body["pushType"] == nil && body["priority"] == nil
                    ? nil
                    : Delivery.APNsHeaders(
                        pushType: body["pushType"]?.stringValue, priority: body["priority"]?.intValue)
                let id = services.nextID(.echoMessage)
                let delivery = services.record(
                    Delivery(
                        id: services.nextID(.delivery), vendor: .echo, app: "echo", notificationID: id,
                        deviceID: device, platform: platform, token: body["token"]?.stringValue,
                        payload: payload.stringValue.map { Array($0.utf8) } ?? payload.serialized(),
                        createdAt: services.now, apns: headers))
                return .json(200, ["id": .string(id), "status": .string(delivery.status.description)])
            },
            VendorRoute("GET", "/echo/messages", .history) { _, state, _ in
                .json(200, ["count": .int(state.messages.count)])
            },
        ]
    }

    var faultKeys: [VendorFaultKey] {
        [
            VendorFaultKey("echoError") { value, _ throws(FaultRuleSpec.Invalid) in
                switch value.stringValue {
                case "Busy": return .echoError(.busy)
                case "TooLoud": return .echoError(.tooLoud)
                default: throw FaultRuleSpec.Invalid(description: "echoError must be Busy or TooLoud")
                }
            }
        ]
    }

    func makeState(_ configuration: PushFakeConfiguration) -> State { State() }

    func tick(_ state: inout State, services: inout VendorServices) {
        state.ticks += 1
    }

    func errorResponse(status: Int, message: String) -> FakeResponse {
        EchoError.shape(status: status, code: "Status\(status)", message: message)
    }

    func view(_ view: VendorView, of state: State) -> JSON? {
        switch view {
        case .devices: return .array(state.devices.map(JSON.string))
        case .notifications:
            return .array(
                state.messages.map { ["id": .string($0.id), "device": .string($0.device), "text": .string($0.text)] })
        default: return nil
        }
    }
}

extension PushFake {
    /// What the echo vendor heard, read through the engine's plug-in state access.
    var echoMessages: [EchoVendor.Message] { withVendorState(EchoVendor.self) { $0.messages } ?? [] }
    var echoTicks: Int { withVendorState(EchoVendor.self) { $0.ticks } ?? 0 }

    static func withEcho(_ configuration: PushFakeConfiguration = PushFakeConfiguration()) throws -> PushFake {
        PushFake(configuration, vendors: try VendorRegistry.standard.adding(EchoVendor()))
    }
}
