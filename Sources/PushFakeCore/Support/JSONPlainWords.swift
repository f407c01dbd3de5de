/// Whole 8-byte words of a JSON string that need no look: no quote, backslash, control character or byte ≥ 0x80.
/// The parser steps over them when reading a string and the writer when checking one for escapes, instead of a byte
/// at a time (the "has a zero byte" test on `word XOR pattern`, as the HTTP parser's line search does).
enum JSONPlainWords {
    /// The first position from `start` that is not inside a run of plain bytes read a word at a time: the first
    /// byte to look at, or the start of the last bytes that do not fill a word.
    ///
    /// In a word with a byte to look at, the lowest flagged byte is always one: a borrow that flags a byte wrongly
    /// comes only from a flagged byte below it. So the parser's byte loop starts at the closing quote itself instead
    /// of at its word's first byte.
    @inline(__always)
    static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = ones &* UInt64(UInt8(ascii: "\""))
        let backslashes = ones &* UInt64(UInt8(ascii: "\\"))
        var position = start
        while position &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let quote = word ^ quotes
            let backslash = word ^ backslashes
            // A zero byte of `quote` or `backslash` borrows; so does a byte below 0x20 in `word - 0x20…`; a byte
            // ≥ 0x80 has its high bit set in `word` itself.
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                | word
            let flagged = special & highs
            if flagged != 0 { return position &+ (flagged.trailingZeroBitCount &>> 3) }
            position &+= 8
        }
        return position
    }
}
