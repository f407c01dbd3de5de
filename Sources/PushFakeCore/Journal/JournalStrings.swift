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

    private let table = Locked<(codes: [WireKey: Int], strings: [String])>(([:], []))

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The numbers of `strings`, adding those not yet in the table while there is room; -1 for a string written
    /// as itself (too long, table full, or `nil`). One lock for the lot: an entry asks once.
    func codes(_ strings: [String?]) -> [Int] {
        table.withLock { table in
            strings.map { string in
                guard let string, string.utf8.count <= Self.longest else { return -1 }
                let key = WireKey(string)
                if let code = table.codes[key] { return code }
                guard table.strings.count < capacity else { return -1 }
                let code = table.strings.count
                table.codes[key] = code
                table.strings.append(string)
                return code
            }
        }
    }

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
