extension JSON {
    /// Parses UTF-8 JSON bytes.
    ///
    /// - Throws: ``JSONSyntaxError`` naming what was wrong, at which byte, and in which value.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSON {
        try parse(bytes, known: .none)
    }

    /// Parses UTF-8 JSON bytes, giving back the strings of `known` shared instead of decoded: the same value as
    /// ``parse(_:)-(Collection<UInt8>)``, sooner.
    package static func parse(
        _ bytes: some Collection<UInt8>, known: JSONKnownStrings
    ) throws(JSONSyntaxError) -> JSON {
        do throws(JSONParser.Failure) {
            return try JSONParser.parse(bytes, known: known)
        } catch {
            throw JSONSyntaxError(error)
        }
    }

    /// Parses a JSON text.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
        try parse(Array(text.utf8))
    }
}

/// A body that is not valid JSON.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, where and in which value, e.g. `invalid number at byte 12` or
    /// `invalid UTF-8 in string at byte 14 (in deviceIds[1])`.
    public let message: String
    /// The byte offset where parsing stopped (for string errors: the first bad byte, or the `\` of a bad escape).
    public let offset: Int
    /// The dotted path of the value parsing was in (`deviceIds[1]`, `device.latitude`), or `nil` at the top level.
    public let path: String?
    /// `true` when the bytes of a string are at fault (invalid UTF-8, an unpaired surrogate escape, a control
    /// character) rather than the JSON around it: the vendors then name ``path`` as the bad field.
    public let isStringError: Bool

    init(_ failure: JSONParser.Failure) {
        message = failure.description
        offset = failure.offset
        path = failure.pathText
        isStringError = failure.inString
    }

    /// The same as ``message``.
    public var description: String { message }
}
