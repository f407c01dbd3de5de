import PushFakeCore

/// A property an option can fill, and how a value goes into it: an optional property takes the value, an array
/// appends it (so the option may be repeated), and a property with a default (``SingleOptionValue``) is replaced.
protocol OptionProperty {
    /// The type of one value of the option.
    associatedtype Value
    /// Whether the option may be given more than once.
    static var isRepeatable: Bool { get }
    /// Puts one value given on the command line into the property.
    mutating func store(_ value: Value)
}

extension Optional: OptionProperty {
    static var isRepeatable: Bool { false }

    mutating func store(_ value: Wrapped) {
        self = value
    }
}

extension Array: OptionProperty {
    static var isRepeatable: Bool { true }

    mutating func store(_ value: Element) {
        append(value)
    }
}

/// A type whose option value replaces the property's default (`var port = 0`, `var clock = FakeClock.Mode.fixed`).
/// A new type of option value conforms with one line.
protocol SingleOptionValue: OptionProperty where Value == Self {}

extension SingleOptionValue {
    static var isRepeatable: Bool { false }

    mutating func store(_ value: Self) {
        self = value
    }
}

extension String: SingleOptionValue {}
extension Int: SingleOptionValue {}
extension UInt64: SingleOptionValue {}
extension Double: SingleOptionValue {}
extension FakeClock.Mode: SingleOptionValue {}
