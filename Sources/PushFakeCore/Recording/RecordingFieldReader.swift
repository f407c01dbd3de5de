import Foundation

/// Reads the fields of one line or entry of a recording, checking type and range, with errors that name the line or
/// entry and the field.
struct RecordingFieldReader {
    let location: String
    let object: JSONObject
    /// The path of `object` inside the line or entry (`request`), or empty.
    let path: String

    func failure(_ key: String?, _ problem: String) -> RecordingError {
        let field = key.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? (path.isEmpty ? nil : path)
        return RecordingError(location: location, field: field, problem: problem)
    }

    static func article(_ value: JSON) -> String {
        let name = value.typeName
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    func object(_ key: String) throws(RecordingError) -> RecordingFieldReader {
        guard let value = object[key] else { throw failure(key, "is missing") }
        guard let child = value.objectValue else {
            throw failure(key, "must be an object, not \(Self.article(value))")
        }
        return RecordingFieldReader(location: location, object: child, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func optionalObject(_ key: String) throws(RecordingError) -> RecordingFieldReader? {
        guard let value = object[key], !value.isNull else { return nil }
        return try object(key)
    }

    func string(_ key: String) throws(RecordingError) -> String {
        guard let value = object[key] else { throw failure(key, "is missing") }
        guard let text = value.stringValue else { throw failure(key, "must be a string, not \(Self.article(value))") }
        return text
    }

    func optionalString(_ key: String) throws(RecordingError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        return try string(key)
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(RecordingError) -> Int {
        guard let value = object[key] else { throw failure(key, "is missing") }
        guard let number = value.intValue, range.contains(number) else {
            throw failure(key, "must be an integer in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
        return number
    }

    func optionalDouble(_ key: String, in range: ClosedRange<Double>) throws(RecordingError) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.doubleValue, number.isFinite, range.contains(number) else {
            throw failure(key, "must be a number in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
        return number
    }

    func array(_ key: String) throws(RecordingError) -> [JSON] {
        guard let value = object[key] else { throw failure(key, "is missing") }
        guard let elements = value.arrayValue else {
            throw failure(key, "must be an array, not \(Self.article(value))")
        }
        return elements
    }

    /// `text`, the value of `key`, decoded from Base64; line breaks and spaces (as some tools wrap it) are skipped,
    /// any other character outside the alphabet is an error. (Foundation's `.ignoreUnknownCharacters` is not used:
    /// its result for text without a single valid character differs between Foundation versions.)
    func base64(_ text: String, field key: String) throws(RecordingError) -> [UInt8] {
        let compact = String(text.unicodeScalars.filter { !" \t\r\n".unicodeScalars.contains($0) })
        guard let data = Data(base64Encoded: compact) else {
            throw failure(key, "is not valid Base64")
        }
        return Array(data)
    }
}
