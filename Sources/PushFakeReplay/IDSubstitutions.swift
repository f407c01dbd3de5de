import PushFakeCore

/// The ids one replay session learned: recorded value → live value (RecordingFormat.md, "Replay").
///
/// The rule: when a recorded answer and the live answer to the same request both have a field whose name says it is
/// an id (`id`, `…Id`, `…_id`, `…ID`, or an element of an array named `…Ids`, `…_ids`, `…IDs`) at the same JSON
/// path, and the recorded value is id-like (``isIDLike(_:)``), the recorded value stands for the live one from then
/// on: later paths, queries and bodies get the live value, and answers that show it compare equal. The first pairing
/// of a recorded id wins, equal values included, so an id that later comes back different is reported as drift.
struct IDSubstitutions: Sendable {
    /// Recorded id → live id, in order of learning.
    private(set) var pairs: [(recorded: String, live: String)] = []

    /// Learns from a recorded answer and the live answer to the same request.
    mutating func learn(recorded: JSON, live: JSON) {
        walk(recorded, live, key: nil)
    }

    private mutating func walk(_ recorded: JSON, _ live: JSON, key: String?) {
        switch (recorded, live) {
        case (.object(let old), .object(let new)):
            for member in old.members {
                if let counterpart = new[member.key] { walk(member.value, counterpart, key: member.key) }
            }
        case (.array(let old), .array(let new)) where old.count == new.count:
            let elementKey = key.flatMap(Self.isIDListName) == true ? "id" : nil
            for (a, b) in zip(old, new) { walk(a, b, key: elementKey) }
        default:
            guard let key, Self.isIDName(key), let old = Self.idText(recorded), let new = Self.idText(live),
                Self.isIDLike(old), !pairs.contains(where: { $0.recorded == old })
            else { return }
            pairs.append((old, new))
        }
    }

    /// The live id for a recorded one, when learned.
    func live(for recorded: String) -> String? {
        pairs.first { $0.recorded == recorded }?.live
    }

    /// `text` with every learned recorded id that stands as a whole word replaced by its live id.
    func apply(to text: String) -> String {
        pairs.reduce(text) { text, pair in
            pair.recorded == pair.live ? text : WholeWord.replace(pair.recorded, with: pair.live, in: text)
        }
    }

    /// `id`, `deviceId`, `notification_id`, `tp_id`, `appID`, ….
    static func isIDName(_ key: String) -> Bool {
        key == "id" || key == "ID" || key == "Id" || key.hasSuffix("Id") || key.hasSuffix("ID") || key.hasSuffix("_id")
    }

    /// `deliveredDeviceIds`, `devices_ids`, `deviceIDs`: arrays whose elements are ids.
    static func isIDListName(_ key: String) -> Bool {
        key.hasSuffix("Ids") || key.hasSuffix("IDs") || key.hasSuffix("_ids") || key == "ids"
    }

    /// 4 to 128 characters of letters, digits, `-` and `_`, with a digit in them or at least 8 long: UUIDs,
    /// decimal and hex ids, and not timestamps, words or sentences.
    static func isIDLike(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard (4...128).contains(utf8.count) else { return false }
        var digits = false
        for byte in utf8 {
            switch byte {
            case 0x30...0x39: digits = true
            case 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: continue
            default: return false
            }
        }
        return digits || utf8.count >= 8
    }

    /// Ids are strings or integers (TwinPush `tp_id` is a JSON number).
    private static func idText(_ value: JSON) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        default: return nil
        }
    }
}
