/// The JSON form of a value, member by member, when the value is not itself an object of fields: its own layout
/// is compact (``JournalEntry``), or rules tie its members together (a ``Delivery``'s `status` and `reason`). The
/// form is described field by field (``wire``); the value's description reads and writes through it
/// (``WireDescription/init(name:form:)``), checking the rules between the members when the form becomes the value.
protocol WireForm: Sendable {
    /// What the form stands for.
    associatedtype Value

    /// The members, one field each.
    static var wire: WireDescription<Self> { get }

    /// The form of `value`, to be written.
    init(_ value: Value)

    /// The value, once the rules between the members hold; errors name their member under `path`.
    func value(path: String) throws(JSONFieldError) -> Value
}

extension WireDescription {
    /// The description of a value read and written through `form`: the form's members, schema and errors.
    init<Form: WireForm>(name: String, form: Form.Type) where Form.Value == Value {
        self.init(
            name: name,
            codec: Form.wire.codec.map(
                { (form, path) throws(JSONFieldError) -> Value in try form.value(path: path) }, Form.init))
    }
}
