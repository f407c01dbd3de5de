/// A kind of id the engine makes: its leading digit and a name for messages.
///
/// Every id is a 16-digit decimal string whose first digit names the kind (FakeBehaviour.md, Common). The engine
/// owns ``delivery`` (`3`); each vendor declares the kinds it makes in ``PushVendor/idKinds`` and a registry refuses
/// two vendors claiming one digit.
///
/// ```swift
/// extension IDKind {
///     static let acmeMessage = IDKind(digit: 6, name: "acmeMessage")
/// }
/// let id = services.nextID(.acmeMessage)  // "6000000000000001" under seed 0
/// ```
public struct IDKind: Sendable, Hashable, CustomStringConvertible {
    /// The leading digit, 1…9.
    public let digit: Int
    /// What the ids name, e.g. `delivery`; for registration errors.
    public let name: String

    /// A kind with its leading digit.
    /// - Precondition: `digit` is 1…9 (a programmer error, caught where the vendor is defined).
    public init(digit: Int, name: String) {
        precondition((1...9).contains(digit), "an id kind's digit must be 1…9, not \(digit)")
        self.digit = digit
        self.name = name
    }

    /// A delivery (`3…`): made by whichever vendor sends, counted by the engine.
    public static let delivery = IDKind(digit: 3, name: "delivery")

    /// `delivery (3)`.
    public var description: String { "\(name) (\(digit))" }
}
