extension PushFake {
    /// The declared apps of every vendor that has apps, by vendor name in registration order:
    /// `{"tpns": ["APPKEY"], "twinPush": [{"id": "…", "apiToken": "…", "creatorToken": "…"}]}` (each vendor's
    /// JSON form, ``PushVendor/declaredApps(_:)``). This is what `GET /__pushfake/apps` answers.
    public var apps: JSON {
        let names = vendors.vendors.map(\.rawValue)
        return state.withLock { state in
            var object = JSONObject()
            for (name, slot) in zip(names, state.vendorSlots) {
                if let apps = slot.declaredApps() { object[name] = apps }
            }
            return .object(object)
        }
    }

    /// Declares apps at run time, as `--tpns-app` and `--twinpush-app` do at start: the same JSON as ``apps``,
    /// vendor names in any case, each vendor's apps in its own form (``PushVendor/declareApps(_:in:)``). A vendor
    /// with declared apps is strict about them (FakeBehaviour.md, Apps); declared apps stay declared across
    /// ``reset()``.
    ///
    /// ```swift
    /// try fake.declareApps(["tpns": ["APPKEY"], "twinPush": [["id": "cs555ab2356a37a0", "apiToken": "…",
    ///                                                          "creatorToken": "…"]]])
    /// ```
    /// All or nothing: when any part is wrong, no vendor's apps change.
    /// - Throws: ``JSONFieldError`` naming the path (`twinPush[0].apiToken`) and what it must be.
    public func declareApps(_ json: JSON) throws(JSONFieldError) {
        let sections = try appSections(json)
        let failure: JSONFieldError? = state.withLock { state in
            var commits: [() -> Void] = []
            for (name, index, apps) in sections {
                guard state.vendorSlots.indices.contains(index) else { continue }
                do throws(JSONFieldError) {
                    commits.append(try state.vendorSlots[index].prepareApps(apps))
                } catch {
                    return error.inside(name)
                }
            }
            for commit in commits { commit() }
            return nil
        }
        if let failure { throw failure }
    }

    /// The members of an apps object with their vendors' indexes.
    func appSections(_ json: JSON) throws(JSONFieldError) -> [(name: String, index: Int, apps: JSON)] {
        guard let object = json.objectValue else {
            throw JSONFieldError(description: "must be an object of apps by vendor, not \(JSONFields.describe(json))")
        }
        return try Self.appSections(object, vendors: vendors)
    }

    static func appSections(
        _ object: JSONObject, vendors: VendorRegistry
    ) throws(JSONFieldError) -> [(name: String, index: Int, apps: JSON)] {
        var sections: [(name: String, index: Int, apps: JSON)] = []
        for member in object.members {
            guard let vendor = vendors.vendor(named: member.key), let index = vendors.index(of: vendor) else {
                throw JSONFieldError(
                    path: member.key,
                    problem: "is not a registered vendor; use \(JSONFields.list(vendors.vendors.map(\.rawValue)))")
            }
            if sections.contains(where: { $0.index == index }) {
                throw JSONFieldError(path: member.key, problem: "is given twice")
            }
            sections.append((member.key, index, member.value))
        }
        return sections
    }
}
