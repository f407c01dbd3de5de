/// The strings journal entries share instead of each holding a copy: methods, paths without parameters, header names
/// and common header values, vendors, operations and route templates (Performance.md, "Journal cost").
///
/// An entry writes a string it finds here as its number (``JournalEntryWriter/text(_:code:)``), so a million
/// registers keep one `"Content-Type"`. The table is the process's, append-only and bounded: once it holds
/// ``capacity`` strings, or for a string longer than ``longest`` bytes, entries write the string itself. Strings
/// are told apart by their bytes (``WireKey``), so an entry reads back exactly the bytes it was given. Nothing here
/// reaches an answer or an export: the numbers stay inside the entries of this process.
final class JournalStrings: Sendable {
    static let shared = JournalStrings(capacity: 4096)
    /// The longest string, in UTF-8 bytes, the table takes.
    static let longest = 128
    /// How many strings the table holds at most.
    let capacity: Int

    private let table = Locked(Table())

    /// The strings and their numbers, with a cache by bit pattern in front of the hashed dictionary.
    fileprivate struct Table {
        var codes: [WireKey: Int] = [:]
        var strings: [String] = []
        /// By a route template's number: the number of the first response body journaled for that route, which later
        /// bodies of the route share their first bytes with (``Lookup/responsePrefix(route:body:)``); -1 for none yet.
        var responses: [Int32] = []
        /// The same bodies' bytes, by the same index, to compare with (a `String`'s UTF-8 view is walked an index
        /// at a time: 100 instructions a byte).
        var responseBytes: [[UInt8]] = []
        /// Open addressing over the 16 bytes of a stored string's value, 3 words a slot (the two words, the number
        /// plus one; 0 when free). Equal bits are equal bytes: a small string holds its bytes in them, and a large
        /// one points at storage that `strings` keeps alive, so no other string can take its address. Saves the
        /// `Hasher` run per string that showed in profiles of the journal's append.
        var cache: [UInt64] = []

        mutating func code(_ string: String, capacity: Int) -> Int {
            let bits = Self.bits(string)
            if let bits, let code = cached(bits) { return code }
            let key = WireKey(string)
            if let code = codes[key] { return code }
            guard strings.count < capacity else { return -1 }
            let code = strings.count
            codes[key] = code
            strings.append(string)
            if let bits { remember(bits, code: code, capacity: capacity) }
            return code
        }

        private static func bits(_ string: String) -> (UInt64, UInt64)? {
            MemoryLayout<String>.size == 16 ? unsafeBitCast(string, to: (UInt64, UInt64).self) : nil
        }

        private func slot(_ bits: (UInt64, UInt64)) -> Int {
            let mixed = (bits.0 ^ bits.1 &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
            return Int(truncatingIfNeeded: mixed >> 32) & (cache.count / 3 - 1)
        }

        private func cached(_ bits: (UInt64, UInt64)) -> Int? {
            guard !cache.isEmpty else { return nil }
            let mask = cache.count / 3 - 1
            var slot = slot(bits)
            while cache[slot * 3 + 2] != 0 {
                if cache[slot * 3] == bits.0, cache[slot * 3 + 1] == bits.1 { return Int(cache[slot * 3 + 2]) - 1 }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// Sized once for twice ``JournalStrings/capacity`` slots (a power of two), so it never fills.
        private mutating func remember(_ bits: (UInt64, UInt64), code: Int, capacity: Int) {
            if cache.isEmpty {
                var slots = 16
                while slots < capacity * 2 { slots *= 2 }
                cache = [UInt64](repeating: 0, count: slots * 3)
            }
            let mask = cache.count / 3 - 1
            var slot = slot(bits)
            while cache[slot * 3 + 2] != 0 { slot = (slot + 1) & mask }
            cache[slot * 3] = bits.0
            cache[slot * 3 + 1] = bits.1
            cache[slot * 3 + 2] = UInt64(code + 1)
        }
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The table held under its lock for one entry's lookups: valid only inside ``withLookup(_:)``'s closure.
    struct Lookup {
        fileprivate let table: UnsafeMutablePointer<Table>
        let capacity: Int

        /// The number of `string`, adding it while there is room; -1 for a string written as itself (`nil`, longer
        /// than ``JournalStrings/longest``, or the table full).
        func code(_ string: String?) -> Int {
            guard let string, string.utf8.count <= JournalStrings.longest else { return -1 }
            return table.pointee.code(string, capacity: capacity)
        }

        /// How a response body of the route whose template is numbered `route` can be written shorter: the number
        /// of the route's first response body in the table and how many first bytes `body` has in common with it
        /// (at least ``JournalStrings/shortestSharedPrefix``), or `nil` when it is written whole. A million
        /// registers answered `{"success":true,"message":null,"errors":[],"deviceId":"…"}` keep those 55 bytes once.
        func responsePrefix(route: Int, body: [UInt8]) -> (code: Int, length: Int)? {
            guard route >= 0, route < capacity, body.count >= JournalStrings.shortestSharedPrefix else { return nil }
            if table.pointee.responses.isEmpty {
                table.pointee.responses = [Int32](repeating: -1, count: capacity)
                table.pointee.responseBytes = [[UInt8]](repeating: [], count: capacity)
            }
            var code = Int(table.pointee.responses[route])
            if code < 0 {
                // The first body of the route becomes its reference, when it is text the table can hold as it is.
                guard body.count <= JournalStrings.longest else { return nil }
                let text = String(decoding: body, as: UTF8.self)
                guard text.utf8.elementsEqual(body) else { return nil }
                code = table.pointee.code(text, capacity: capacity)
                guard code >= 0, let number = Int32(exactly: code) else { return nil }
                table.pointee.responses[route] = number
                table.pointee.responseBytes[route] = body
            }
            let length = table.pointee.responseBytes[route].withUnsafeBytes { reference in
                body.withUnsafeBytes { JournalStrings.commonPrefix(reference, $0) }
            }
            return length >= JournalStrings.shortestSharedPrefix ? (code, length) : nil
        }
    }

    /// Runs `body` with the table under one hold of its lock: an entry asks for its method, path, header names and
    /// values where they are, without an array of them, and for its response's shared prefix in the same hold.
    @inline(__always)
    func withLookup<Result>(_ body: (Lookup) -> Result) -> Result {
        let capacity = self.capacity
        return table.withLock { table in
            withUnsafeMutablePointer(to: &table) { body(Lookup(table: $0, capacity: capacity)) }
        }
    }

    /// How many first bytes `a` and `b` have in common: eight at a time, then one at a time.
    fileprivate static func commonPrefix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let end = min(a.count, b.count)
        var index = 0
        while index &+ 8 <= end,
            a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        {
            index &+= 8
        }
        while index < end, a[index] == b[index] { index &+= 1 }
        return index
    }

    /// The fewest first bytes worth sharing: below this the number and the length cost about what they save.
    static let shortestSharedPrefix = 8

    /// The string numbered `code`; `""` for a number the table never gave (bytes that were not written here).
    func string(_ code: Int) -> String {
        table.withLock { $0.strings.indices.contains(code) ? $0.strings[code] : "" }
    }
}

/// Where a string of an entry is: its bytes in the entry, or its number in ``JournalStrings``.
struct JournalText {
    var range: Range<Int> = 0..<0
    /// The number in ``JournalStrings``; -1 when the bytes are in the entry.
    var code = -1

    func string(in bytes: [UInt8]) -> String {
        code >= 0 ? JournalStrings.shared.string(code) : String(decoding: bytes[range], as: UTF8.self)
    }
}
