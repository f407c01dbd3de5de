/// Strings stored once and named by a small number: for values that repeat across many records (a platform, a
/// language, an app version). Number 0 is `nil`. Strings are told apart by their bytes (``WireKey``); a table never
/// forgets a string.
struct InternedStrings: Sendable {
    private var strings: [String] = [""]
    private var numbers: [WireKey: UInt32] = [:]
    /// The number last given for each kind of value: a record's fields mostly repeat the previous record's.
    private var recent: [UInt32]

    /// A table that remembers the last number given for each of `kinds` kinds of value.
    init(kinds: Int) {
        recent = Array(repeating: 0, count: max(1, kinds))
    }

    /// The string numbered `number` (`nil` for 0, or a number this table did not give).
    subscript(number: UInt32) -> String? {
        guard number != 0, Int(number) < strings.count else { return nil }
        return strings[Int(number)]
    }

    /// How many strings the table holds.
    var count: Int { strings.count - 1 }

    /// The number of `text`, added when new; `kind` picks the remembered number tried first.
    mutating func number(of text: String?, kind: Int = 0) -> UInt32 {
        guard let text else { return 0 }
        let slot = recent.indices.contains(kind) ? kind : 0
        let last = recent[slot]
        if last != 0, strings[Int(last)].hasSameBytes(as: text) { return last }
        let key = WireKey(text)
        if let known = numbers[key] {
            recent[slot] = known
            return known
        }
        let number = UInt32(truncatingIfNeeded: strings.count)
        strings.append(text)
        numbers[key] = number
        recent[slot] = number
        return number
    }

    /// Whether `number` names a string with the same bytes as `text` (`nil` matches 0).
    func matches(_ number: UInt32, _ text: String?) -> Bool {
        String.sameBytes(self[number], text)
    }
}
