import PushFakeCore

/// `--app vendor:…`, with its aliases `--tpns-app KEY` and `--twinpush-app ID:API-TOKEN:CREATOR-TOKEN`: apps to
/// declare (`serve`, `instances create`, `apps add`). Each is read by its vendor when the command runs
/// (``VendorRegistry/app(fromArgument:)``), so a vendor of your own declares its apps the same way.
struct AppOptions: Sendable {
    /// The values given, `vendor:…`, in order.
    var arguments: [String] = []

    /// `{"tpns": [...], "twinPush": [...]}`, each vendor only when it has apps.
    /// - Throws: a usage error naming `--app`, the value and the vendor when a value is not one of `vendors`'
    ///   apps.
    func json<Options>(_ context: CommandContext<Options>, vendors: VendorRegistry) throws(CommandExit) -> JSON {
        do throws(JSONFieldError) {
            return try vendors.apps(fromArguments: arguments)
        } catch {
            throw context.usage("--app \(error.description)")
        }
    }
}

extension Option {
    /// `--app vendor:…` (repeatable) filling `keyPath`, with `--tpns-app` and `--twinpush-app` as aliases.
    static func app(_ keyPath: WritableKeyPath<Options, AppOptions>, _ help: String) -> Option {
        let forms = VendorRegistry.standard.appArgumentForms.joined(separator: ", ")
        return .value(
            "--app", keyPath.appending(path: \.arguments), "vendor:app", .appArgument,
            aliases: [
                OptionAlias(name: "--tpns-app", valuePrefix: "tpns:", value: "key"),
                OptionAlias(name: "--twinpush-app", valuePrefix: "twinpush:", value: "id:api-token:creator-token"),
            ], "\(help) (\(forms); the vendor's name in any case; makes that vendor strict about apps)")
    }
}

extension ValueRule where Value == String {
    /// `vendor:…`: a vendor name, `:`, and the vendor's form of an app, read when the command runs.
    static var appArgument: ValueRule {
        .custom { text throws(OptionError) in
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw .takes("vendor:app (a vendor name, a colon, the vendor's form of an app)", not: text)
            }
            return text
        }
    }
}
