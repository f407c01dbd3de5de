/// Writes a journal entry's compact bytes (``JournalEntryLayout``) into one array of exactly the right size: the
/// size is added up from the parts' lengths first, so an entry costs one allocation of its own.
///
/// This runs under the engine lock for every request, so it works on raw pointers and never goes through a
/// generic or a closure per part.
struct JournalEntryWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var position = 0

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// An array of `size` bytes filled by `write`; bytes it leaves unwritten (only if `size` was wrong) are cut off.
    static func bytes(size: Int, _ write: (inout JournalEntryWriter) -> Void) -> [UInt8] {
        [UInt8].filled(capacity: size) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var writer = JournalEntryWriter(base: base, capacity: buffer.count)
            write(&writer)
            return writer.position
        }
    }

    // MARK: Sizes

    /// The bytes ``count(_:)`` writes for `value`.
    static func size(ofCount value: Int) -> Int {
        var rest = UInt(bitPattern: value) >> 7
        var size = 1
        while rest > 0 {
            size &+= 1
            rest >>= 7
        }
        return size
    }

    /// The bytes ``string(_:)`` writes for `text`.
    static func size(of text: String) -> Int {
        let length = text.utf8.count
        return size(ofCount: length) &+ length
    }

    /// The bytes ``bytes(_:)`` writes for `data`.
    static func size(of data: [UInt8]) -> Int {
        size(ofCount: data.count) &+ data.count
    }

    /// The bytes ``text(_:code:)`` writes for `text`.
    static func size(ofText text: String, code: Int) -> Int {
        guard code < 0 else { return size(ofCount: code << 1 | 1) }
        let length = text.utf8.count
        return size(ofCount: length << 1) &+ length
    }

    /// The bytes ``headers(_:codes:)`` writes for `headers`.
    static func size(of headers: HTTPHeaders, codes: UnsafeBufferPointer<Int>) -> Int {
        var size = size(ofCount: headers.count)
        var code = 0
        for field in headers.fields {
            size &+= self.size(ofText: field.name, code: Self.code(codes, code))
            size &+= self.size(ofText: field.value, code: Self.code(codes, code &+ 1))
            code &+= 2
        }
        return size
    }

    // MARK: Writing

    /// A non-negative number in LEB128: 7 bits a byte, low bits first; 1 byte below 128.
    mutating func count(_ value: Int) {
        var rest = UInt(bitPattern: value)
        while rest >= 0x80 {
            byte(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        byte(UInt8(truncatingIfNeeded: rest))
    }

    /// A string's UTF-8, after its length.
    mutating func string(_ text: String) {
        let utf8 = text.utf8
        count(utf8.count)
        if utf8.withContiguousStorageIfAvailable({ raw($0) }) == nil {
            for byte in utf8 { self.byte(byte) }
        }
    }

    /// Bytes as given, after their length.
    mutating func bytes(_ data: [UInt8]) {
        count(data.count)
        data.withUnsafeBufferPointer { raw($0) }
    }

    /// A body that begins with the first `shared.length` bytes of the string numbered `shared.code` in
    /// ``JournalStrings``: that number, that length, then the rest of the body after its length.
    mutating func bytes(_ data: [UInt8], sharing shared: (code: Int, length: Int)) {
        count(shared.code)
        count(shared.length)
        let rest = min(max(0, shared.length), data.count)
        count(data.count &- rest)
        data.withUnsafeBufferPointer { raw(UnsafeBufferPointer(rebasing: $0[rest...])) }
    }

    /// The bytes ``bytes(_:sharing:)`` writes.
    static func size(of data: [UInt8], sharing shared: (code: Int, length: Int)) -> Int {
        let rest = data.count &- min(max(0, shared.length), data.count)
        return size(ofCount: shared.code) &+ size(ofCount: shared.length) &+ size(ofCount: rest) &+ rest
    }

    /// A string that may be in ``JournalStrings``: its number `code` (shifted, low bit set) when it is, else its
    /// length (shifted, low bit clear) and its UTF-8.
    mutating func text(_ text: String, code: Int) {
        guard code < 0 else {
            count(code << 1 | 1)
            return
        }
        let utf8 = text.utf8
        count(utf8.count << 1)
        if utf8.withContiguousStorageIfAvailable({ raw($0) }) == nil {
            for byte in utf8 { self.byte(byte) }
        }
    }

    /// Header fields: their number, then name and value of each as ``text(_:code:)``, with two codes a field.
    mutating func headers(_ headers: HTTPHeaders, codes: UnsafeBufferPointer<Int>) {
        count(headers.count)
        var code = 0
        for field in headers.fields {
            text(field.name, code: Self.code(codes, code))
            text(field.value, code: Self.code(codes, code &+ 1))
            code &+= 2
        }
    }

    private static func code(_ codes: UnsafeBufferPointer<Int>, _ index: Int) -> Int {
        index >= 0 && index < codes.count ? codes[index] : -1
    }

    /// The 8 bytes of a number's bit pattern, low byte first.
    mutating func fixed(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { byte(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private mutating func byte(_ value: UInt8) {
        guard position < capacity else { return }
        base[position] = value
        position &+= 1
    }

    private mutating func raw(_ source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress, source.count <= capacity &- position else { return }
        (base + position).initialize(from: from, count: source.count)
        position &+= source.count
    }
}
