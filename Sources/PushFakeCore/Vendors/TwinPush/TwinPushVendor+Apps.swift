extension TwinPushApp: WireType {
    /// `{"id", "apiToken", "creatorToken"}`: three non-empty strings, no other keys.
    public static let wire = WireDescription<TwinPushApp>(
        TwinPushApp(id: "", apiToken: "", creatorToken: ""),
        fields: [
            .required("id", \.id, .text, "The app id in the path, /apps/{app_id}/…."),
            .required("apiToken", \.apiToken, .text, "X-TwinPush-REST-API-Token, required on register."),
            .required("creatorToken", \.creatorToken, .text, "X-TwinPush-REST-API-Key-Creator, on creator calls."),
        ])

    /// Reads ``jsonValue``: three non-empty strings, no other keys.
    /// - Throws: ``JSONFieldError`` naming the member.
    public init(json: JSON) throws(JSONFieldError) {
        try self.init(wire: json)
    }
}

extension TwinPushVendor {
    /// `{"id", "apiToken", "creatorToken"}` in JSON, `ID:API-TOKEN:CREATOR-TOKEN` on the command line.
    var appForm: VendorAppForm? {
        let argument = "ID:API-TOKEN:CREATOR-TOKEN"
        return VendorAppForm(TwinPushApp.wire, argument: argument) { text throws(JSONFieldError) in
            let parts = try VendorAppForm.parts(of: text, count: 3, argument: argument)
            return TwinPushApp(id: parts[0], apiToken: parts[1], creatorToken: parts[2])
        }
    }

    /// The declared apps, `[{"id", "apiToken", "creatorToken"}, …]`, in the order they were declared.
    func declaredApps(_ state: TwinPushState) -> JSON? {
        .array(state.declaredAppOrder.compactMap { state.declaredApps[$0]?.jsonValue })
    }

    /// `[{"id", "apiToken", "creatorToken"}, …]`; an app declared before with the same tokens is left as it is, with
    /// other tokens it is an error. Declaring any app makes TwinPush strict about apps and tokens (FakeBehaviour.md,
    /// Apps).
    func declareApps(_ json: JSON, in state: inout TwinPushState) throws(JSONFieldError) {
        guard let items = json.arrayValue else {
            throw JSONFieldError(
                description: #"must be an array of {"id", "apiToken", "creatorToken"}, not "#
                    + JSONFields.describe(json))
        }
        for (index, item) in items.enumerated() {
            let app: TwinPushApp
            do throws(JSONFieldError) {
                app = try TwinPushApp(json: item)
            } catch {
                throw error.inside("[\(index)]")
            }
            guard state.declare(app) else {
                throw JSONFieldError(path: "[\(index)].id", problem: "\(app.id) is declared already, with other tokens")
            }
        }
    }
}

extension TwinPushVendor {
    /// Declared apps, devices, notifications and alias inbox items.
    func recordCounts(of state: TwinPushState) -> [(name: String, count: Int)] {
        let inboxItems = state.inboxes.values.reduce(0) { $0 &+ $1.count }
        return [
            ("apps", state.declaredAppOrder.count), ("devices", state.records.count),
            ("notifications", state.notifications.count), ("inboxItems", inboxItems),
        ]
    }
}
