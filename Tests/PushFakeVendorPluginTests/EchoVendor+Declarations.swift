import PushFakeCore

// What the echo vendor brings besides its routes, as any plug-in vendor would: a secret header, apps with a JSON
// form and a command-line form, and a dashboard card.

/// An echo app: a name and the key a client sends in `X-Echo-Key`.
struct EchoApp: WireType, Equatable {
    var name = ""
    var key = ""

    static let wire = WireDescription<EchoApp>(
        EchoApp(),
        fields: [
            .required("name", \.name, .text, "The app's name."),
            .required("key", \.key, .text, "The key its clients send in X-Echo-Key."),
        ])
}

extension EchoVendor {
    var secrets: [VendorSecret] { [VendorSecret(.header("X-Echo-Key"), name: "echo-key")] }

    var appForm: VendorAppForm? {
        VendorAppForm(EchoApp.wire, argument: "NAME:KEY") { text throws(JSONFieldError) in
            let parts = try VendorAppForm.parts(of: text, count: 2, argument: "NAME:KEY")
            return EchoApp(name: parts[0], key: parts[1])
        }
    }

    /// Its devices are `{"device": …}` records; it has no app or platform of its own to show. The dashboard says
    /// something to a device with its `say` route; the fleet view counts a device from its register, its platform
    /// from its pushes.
    var card: VendorCard? {
        var card = VendorCard(id: "device", app: "app", platform: "platform")
        card.facts = [VendorCard.Fact("said", "said")]
        var device = VendorCard.Field("device", "Device", .text, required: true)
        device.inPath = true
        var say = VendorCard.SendForm(
            route: "POST /echo/devices/{device}/say", label: "Say it",
            fields: [device, VendorCard.Field("text", "Text", .text, required: true)])
        say.notificationIDs = ["id"]
        card.send = say
        card.fleet = VendorCard.Fleet(moves: [Operation.registerDevice.rawValue: .registered], platform: nil)
        return card
    }

    func declaredApps(_ state: State) -> JSON? { .array(state.apps.map(\.wireJSON)) }

    func declareApps(_ json: JSON, in state: inout State) throws(JSONFieldError) {
        guard let items = json.arrayValue else {
            throw JSONFieldError(description: "must be an array of {name, key}")
        }
        var apps: [EchoApp] = []
        for (index, item) in items.enumerated() {
            do throws(JSONFieldError) {
                apps.append(try EchoApp(wire: item))
            } catch {
                throw error.inside("[\(index)]")
            }
        }
        for app in apps where !state.apps.contains(app) { state.apps.append(app) }
    }
}
