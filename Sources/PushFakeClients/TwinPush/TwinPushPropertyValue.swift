import Foundation
import PushFakeCore

/// A device custom property value of one of the six types `set_custom_property` takes (TwinPushWireProtocol.md §5.8).
///
/// ```swift
/// try await client.setCustomProperty("genres", .enumerationList(["Rock", "Blues"]))
/// ```
public enum TwinPushPropertyValue: Sendable, Equatable {
    /// `"type": "string"`, a JSON string.
    case string(String)
    /// `"type": "boolean"`, `true` / `false` (iOS `@YES` / `@NO`, Android `Boolean`).
    case boolean(Bool)
    /// `"type": "integer"`, a JSON number without a fraction.
    case integer(Int)
    /// `"type": "float"`, a JSON number (Android `Float` / `Double`).
    case float(Double)
    /// `"type": "enum"`, a string from a small set.
    case enumeration(String)
    /// `"type": "enum_list"`, an array of strings.
    case enumerationList([String])

    /// The property type sent next to the value.
    public var type: TwinPush.PropertyType {
        switch self {
        case .string: return .string
        case .boolean: return .boolean
        case .integer: return .integer
        case .float: return .float
        case .enumeration: return .enumeration
        case .enumerationList: return .enumerationList
        }
    }

    /// The `value` as it goes on the wire.
    public var json: JSON {
        switch self {
        case .string(let text), .enumeration(let text): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .int(number)
        case .float(let number): return .double(number)
        case .enumerationList(let items): return .array(items.map(JSON.string))
        }
    }
}
