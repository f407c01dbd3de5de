/// The engine fuzzer's own mutation, next to libFuzzer's: a number already in the input (a JSON value, a quoted
/// numeric string, a query value, a path parameter) is replaced by a boundary value, so `Int.min`, `Int.max`,
/// `2^53 + 1`, `1e308` and their neighbours reach every numeric field the seeds name — the values on which `abs`,
/// negation, `Int(Double)` and the other trapping conversions fail. Byte-level mutation alone rarely builds
/// `-9223372036854775808` digit by digit (it did not find the TwinPush badge crash of issue 16).
///
/// Deterministic for a given seed, so libFuzzer can replay what it did; the custom mutator hook
/// (`LLVMFuzzerCustomMutator`) calls it for one mutation in three and libFuzzer's own mutator (with the dictionary)
/// for the others.
public enum EngineFuzzMutator {
    /// Integers and reals at the edges of `Int`, `Int32`, `UInt64`, `Double`'s exact integers and its range; the
    /// first four, the edges of `Int`, are drawn most often.
    public static let boundaryValues: [String] = [
        "-9223372036854775808", "-9223372036854775807", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "-0", "-0.0", "0", "-1",
        "9007199254740993", "-9007199254740993", "9007199254740992", "2147483647", "2147483648", "-2147483648",
        "-2147483649", "4294967296", "1e19", "-1e19", "1e308", "-1e308", "1.7976931348623157e308", "5e-324",
        "1e-320", "0.5",
    ]

    /// `bytes` with one number (chosen by `seed`) replaced by a boundary value (also chosen by `seed`), or `nil`
    /// when the input holds no number or the result would be longer than `maxSize`.
    public static func replacingNumber(in bytes: [UInt8], seed: UInt32, maxSize: Int) -> [UInt8]? {
        let spans = numberSpans(in: bytes)
        guard !spans.isEmpty else { return nil }
        var random = seed
        // JSON values (after `:`, `[` or `,`) three times as often as numbers in paths and queries, and the 64-bit
        // edges three times as often as the other values: where the traps are.
        let weights = spans.map { span -> UInt32 in
            guard span.lowerBound > 0 else { return 1 }
            return [UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: " ")]
                .contains(bytes[span.lowerBound - 1]) ? 3 : 1
        }
        let span = spans[pick(weights, &random)]
        let value = Array(boundaryValues[pick(boundaryValues.indices.map { $0 < 4 ? 3 : 1 }, &random)].utf8)
        let result = Array(bytes[..<span.lowerBound]) + value + Array(bytes[span.upperBound...])
        return result.count <= maxSize ? result : nil
    }

    /// An index drawn with the given weights.
    private static func pick(_ weights: [UInt32], _ random: inout UInt32) -> Int {
        var draw = next(&random) % max(1, weights.reduce(0, &+))
        for (index, weight) in weights.enumerated() {
            if draw < weight { return index }
            draw -= weight
        }
        return 0
    }

    /// Where the numbers of `bytes` are: maximal runs of `-`, digits, `.`, `e`, `E` and `+` that start with a digit
    /// or a `-` followed by one, and that do not continue a word (`D1` is an id, `v2` a path).
    static func numberSpans(in bytes: [UInt8]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            let startsNumber =
                isDigit(bytes[index])
                || (bytes[index] == UInt8(ascii: "-") && index + 1 < bytes.count && isDigit(bytes[index + 1]))
            let continuesWord = index > 0 && isWordByte(bytes[index - 1])
            guard startsNumber, !continuesWord else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
            spans.append(index..<end)
            index = end
        }
        return spans
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte)
            || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")]
                .contains(byte)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// xorshift32: a few bits of choice from libFuzzer's seed.
    static func next(_ state: inout UInt32) -> UInt32 {
        if state == 0 { state = 0x9E37_79B9 }
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }
}
