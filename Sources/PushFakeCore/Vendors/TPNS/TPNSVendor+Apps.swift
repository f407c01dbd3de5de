extension TPNSVendor {
    /// An application key: a non-empty string in JSON, `KEY` on the command line.
    var appForm: VendorAppForm? {
        VendorAppForm(WireDescription<String>(summary: "A TPNS application key.", codec: .text), argument: "KEY") {
            text throws(JSONFieldError) in
            guard !text.isEmpty else { throw JSONFieldError(description: "must be KEY, not \"\"") }
            return text
        }
    }

    /// The declared application keys, `["APPKEY", …]`, in the order they were declared.
    func declaredApps(_ state: TPNSState) -> JSON? {
        .array(state.declaredAppOrder.map(JSON.string))
    }

    /// `["APPKEY", …]`: non-empty strings; a key declared before is left as it is. Declaring any key makes TPNS
    /// strict about keys (FakeBehaviour.md, Apps).
    func declareApps(_ json: JSON, in state: inout TPNSState) throws(JSONFieldError) {
        guard let items = json.arrayValue else {
            throw JSONFieldError(
                description: "must be an array of application keys, not \(JSONFields.describe(json))")
        }
        var keys: [String] = []
        for (index, item) in items.enumerated() {
            guard let key = item.stringValue, !key.isEmpty else {
                throw JSONFieldError(
                    path: "[\(index)]", problem: "must be a non-empty application key, not \(JSONFields.describe(item))"
                )
            }
            keys.append(key)
        }
        for key in keys { state.declare(key) }
    }
}

extension TPNSVendor {
    /// Declared application keys, devices and sends.
    func recordCounts(of state: TPNSState) -> [(name: String, count: Int)] {
        [
            ("apps", state.declaredAppOrder.count), ("devices", state.devices.count),
            ("notifications", state.notifications.count),
        ]
    }
}
