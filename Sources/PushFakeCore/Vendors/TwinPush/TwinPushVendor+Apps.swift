extension TwinPushApp {
    /// `{"id", "apiToken", "creatorToken"}`.
    public var jsonValue: JSON {
        ["id": .string(id), "apiToken": .string(apiToken), "creatorToken": .string(creatorToken)]
    }

    /// Reads ``jsonValue``: three non-empty strings, no other keys.
    /// - Throws: ``JSONFieldError`` naming the member.
    public init(json: JSON) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "", allowed: ["id", "apiToken", "creatorToken"])
        self.init(
            id: try fields.requiredString("id"), apiToken: try fields.requiredString("apiToken"),
            creatorToken: try fields.requiredString("creatorToken"))
    }
}

extension TwinPushVendor {
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
