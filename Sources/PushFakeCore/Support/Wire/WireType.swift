/// A value with one JSON form, described once (``WireDescription``): its reader, its writer and its JSON Schema all
/// come from that description, so the three cannot drift apart, and adding a field is one line.
///
/// ```swift
/// struct Point: WireType {
///     var x = 0
///     var label: String?
///     static let wire = WireDescription<Point>(
///         name: "Point", Point(),
///         fields: [
///             .required("x", \.x, .int(in: 0...100), "How far along."),
///             .optional("label", \.label, .text, "What to call it."),
///         ])
/// }
/// let point = try Point(wire: ["x": 3])       // strict: unknown keys, types and ranges are errors naming the path
/// point.wireJSON                              // {"x":3}
/// ```
public protocol WireType: Sendable {
    /// The one description of the JSON form.
    static var wire: WireDescription<Self> { get }
}

extension WireType {
    /// Reads the JSON form strictly (``WireDescription/read(_:path:context:)``).
    /// - Throws: ``JSONFieldError`` naming the path of the first bad part and what is allowed there.
    public init(wire json: JSON, context: WireContext = WireContext()) throws(JSONFieldError) {
        self = try Self.wire.read(json, path: "", context: context)
    }

    /// The JSON form, members in the description's order.
    public var wireJSON: JSON { Self.wire.write(self) }

    /// The JSON form (``wire``): the same as ``wireJSON``. A type with a `jsonValue` of its own keeps it: those
    /// whose description writes with it (``Fault``, ``FaultScope``, ``RequestCount``), ``TwinPush/Device`` (the
    /// vendor's own writer, the same object) and ``RequestMatcher`` (`nil` for a matcher with no JSON form).
    public var jsonValue: JSON { wireJSON }

    /// The JSON form as compact bytes.
    public var wireBytes: [UInt8] { wireJSON.serialized() }
}

/// What reading a JSON form may need besides the JSON: the vendors whose names, operations and fault keys it may
/// name.
public struct WireContext: Sendable {
    /// The vendors an input may name (an engine's ``PushFake/vendors``).
    public var vendors: VendorRegistry

    /// A context for `vendors` (TPNS and TwinPush unless told otherwise).
    public init(vendors: VendorRegistry = .standard) {
        self.vendors = vendors
    }
}
