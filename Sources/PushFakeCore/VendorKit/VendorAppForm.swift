/// How one app of a vendor is written: its JSON form, described once (``WireDescription``: the reader and the JSON
/// Schema of the items of the vendor's array in `apps` come from it), and its command-line form, the text after
/// `vendor:` in `pushfake serve --app` (`tpns:KEY`, `twinpush:ID:API-TOKEN:CREATOR-TOKEN`), which the vendor parses.
///
/// What `serve --app`, `pushfake apps add`, `pushfake instances create`, `POST /__pushfake/apps`,
/// `POST /__pushfake/instances` and the `apps` of state documents accept for the vendor (``PushVendor/appForm``);
/// the vendor's ``PushVendor/declareApps(_:in:)`` then declares the array.
///
/// ```swift
/// VendorAppForm(WireDescription<String>(codec: .text), argument: "KEY") { text throws(JSONFieldError) in text }
/// ```
public struct VendorAppForm: Sendable {
    /// The command-line form after `vendor:`, for help and messages (`ID:API-TOKEN:CREATOR-TOKEN`).
    public let argument: String
    /// The JSON Schema of one app.
    let schema: @Sendable (inout WireSchemas) -> JSON
    /// The JSON form of the command-line form.
    let parse: @Sendable (String) throws(JSONFieldError) -> JSON

    /// Apps read and described by `description`, written on the command line as `argument`, which `parse` reads
    /// (throwing a ``JSONFieldError`` whose description says what is wrong, without the flag or the vendor: the
    /// caller names those).
    public init<App>(
        _ description: WireDescription<App>, argument: String,
        parse: @escaping @Sendable (String) throws(JSONFieldError) -> App
    ) {
        self.argument = argument
        schema = { schemas in description.inlineSchema(&schemas) }
        self.parse = { text throws(JSONFieldError) in description.write(try parse(text)) }
    }

    /// The JSON form of one app written on the command line (the text after `vendor:`).
    /// - Throws: ``JSONFieldError`` saying what is wrong.
    public func app(fromArgument text: String) throws(JSONFieldError) -> JSON {
        try parse(text)
    }

    /// Splits `text` at `:` into exactly `count` non-empty parts, or says it must be `argument`.
    public static func parts(of text: String, count: Int, argument: String) throws(JSONFieldError) -> [String] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == count, parts.allSatisfy({ !$0.isEmpty }) else {
            throw JSONFieldError(description: "must be \(argument), not \(JSONFields.describe(.string(text)))")
        }
        return parts
    }
}
