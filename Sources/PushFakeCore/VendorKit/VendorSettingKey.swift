/// A vendor's own setting in ``PushFakeConfiguration``, read and written through its subscript.
///
/// ```swift
/// enum AcmeGreeting: VendorSettingKey { static let defaultValue = "hello" }
/// extension PushFakeConfiguration {
///     var acmeGreeting: String {
///         get { self[AcmeGreeting.self] }
///         set { self[AcmeGreeting.self] = newValue }
///     }
/// }
/// ```
/// A vendor reads its settings once, when the engine makes (or resets) its state.
public protocol VendorSettingKey {
    /// The setting's type.
    associatedtype Value: Sendable
    /// What the setting is until set.
    static var defaultValue: Value { get }
}
