/// Replacing a value only where it stands as a whole word: recordings swap secrets for placeholders this way, and
/// replay swaps recorded ids for live ones (RecordingFormat.md).
public enum WholeWord {
    /// `text` with every occurrence of `value` that is not part of a longer word replaced by `replacement`: the
    /// characters before and after it must not be letters, digits, `-`, `_`, `.` or non-ASCII. So the id
    /// `1000000000000001` is replaced in `/devices/1000000000000001/inbox` and in `{"id":1000000000000001}`, and the
    /// token `tok` is not replaced inside `tokens`.
    public static func replace(_ value: String, with replacement: String, in text: String) -> String {
        guard !value.isEmpty, text.contains(value) else { return text }
        let bytes = Array(text.utf8)
        let needle = Array(value.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + needle.count <= bytes.count, bytes[index..<index + needle.count].elementsEqual(needle),
                !isWordByte(index > 0 ? bytes[index - 1] : nil),
                !isWordByte(index + needle.count < bytes.count ? bytes[index + needle.count] : nil)
            {
                output += replacement.utf8
                index += needle.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `byte` continues a word: a letter, digit, `-`, `_`, `.` or any byte of a non-ASCII character.
    static func isWordByte(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte >= 0x80
    }
}
