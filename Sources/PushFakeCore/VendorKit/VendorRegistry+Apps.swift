extension VendorRegistry {
    /// Apps by vendor name (component `Apps`) as ``PushFake/declareApps(_:)`` and instance configurations read them:
    /// each vendor's array of apps in its own form (``PushVendor/appForm``: TPNS application keys, TwinPush
    /// `{id, apiToken, creatorToken}`); vendors without one take any array. The server also takes the names in any
    /// other case (once each); the schema lists them as registered, which keeps a document from naming a vendor
    /// twice in two spellings.
    public static func appsSchema(_ schemas: inout WireSchemas) -> JSON {
        var properties = JSONObject()
        for entry in schemas.vendors.entries {
            let items = entry.appForm.map { $0.schema(&schemas) } ?? [:]
            properties[entry.vendor.rawValue] = ["type": "array", "items": items]
        }
        return [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
            "description": "Declared apps by vendor name, e.g. {\"tpns\": [\"APPKEY\"]}.",
        ]
    }

    /// The command-line forms of apps, `vendor:FORM` for each vendor with apps (`tpns:KEY`,
    /// `twinpush:ID:API-TOKEN:CREATOR-TOKEN`), vendor names in lowercase: for help texts.
    public var appArgumentForms: [String] {
        entries.compactMap { entry in entry.appForm.map { entry.vendor.rawValue.lowercased() + ":" + $0.argument } }
    }

    /// One app written on the command line, `vendor:…` (`tpns:KEY`, `twinpush:ID:API-TOKEN:CREATOR-TOKEN`), the
    /// vendor named in any case and the text after the first `:` parsed by the vendor (``VendorAppForm``).
    /// - Throws: ``JSONFieldError`` saying what is wrong, naming the vendor.
    public func app(fromArgument text: String) throws(JSONFieldError) -> (vendor: Vendor, app: JSON) {
        guard let colon = text.firstIndex(of: ":") else {
            throw JSONFieldError(
                description: "must be vendor:app (\(appArgumentForms.joined(separator: ", "))), not \"\(text)\"")
        }
        let name = String(text[..<colon])
        guard let vendor = vendor(named: name), let entry = entries.first(where: { $0.vendor == vendor }) else {
            throw JSONFieldError(
                description: "\"\(name)\" is not a registered vendor; use \(JSONFields.list(vendors.map(\.rawValue)))")
        }
        guard let form = entry.appForm else {
            throw JSONFieldError(description: "the \(entry.displayName) vendor has no apps to declare")
        }
        do throws(JSONFieldError) {
            return (vendor, try form.app(fromArgument: String(text[text.index(after: colon)...])))
        } catch {
            throw JSONFieldError(description: "\(entry.displayName) app \(error.description)")
        }
    }

    /// Apps written on the command line (``app(fromArgument:)``) as the JSON ``PushFake/declareApps(_:)`` takes,
    /// `{"tpns": ["KEY"], …}`, each vendor's apps in the order given.
    /// - Throws: ``JSONFieldError`` about the first bad one, quoting it.
    public func apps(fromArguments texts: [String]) throws(JSONFieldError) -> JSON {
        var object = JSONObject()
        for text in texts {
            let declared: (vendor: Vendor, app: JSON)
            do throws(JSONFieldError) {
                declared = try app(fromArgument: text)
            } catch {
                throw JSONFieldError(description: "\(text): \(error.description)")
            }
            object[declared.vendor.rawValue] = .array(
                (object[declared.vendor.rawValue]?.arrayValue ?? []) + [declared.app])
        }
        return .object(object)
    }
}
