/// How the current traffic differs from a recording: the entries only one side has, named by what they did, and the
/// fields of paired entries with both values — at most ``limit`` differences, with a count of the rest
/// (RecordingFormat.md, "Comparing with a recording").
///
/// ``description`` is the one text every comparison prints: `assertMatchesRecording`, `pushfake verify --recording`
/// and the `message` of `POST /__pushfake/recordings/compare`; ``jsonValue`` is the same report for programs.
public struct RecordingDifference: Sendable, Equatable, CustomStringConvertible {
    /// One entry that differs, or that only one side has.
    public struct Entry: Sendable, Equatable {
        /// Only in the recording, only in the current traffic, or on both sides with different fields.
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            case onlyRecorded, onlyCurrent, differs
        }

        public internal(set) var kind: Kind
        /// The line of the recording, from 1; `nil` for an entry only in the current traffic.
        public internal(set) var recordedLine: Int?
        /// The place among the current entries, from 1; `nil` for an entry only in the recording.
        public internal(set) var currentEntry: Int?
        /// What the request did: `tpns.register app=APPKEY device=D1, POST /TPNS/api/device/register`.
        public internal(set) var label: String
        /// For an entry on one side only, the request body fields that tell it apart from its neighbours of the
        /// same route on that side, with its values (as ``FieldDifference/current``).
        public internal(set) var distinguishingFields: [FieldDifference]
        /// For entries on both sides, the differing fields shown.
        public internal(set) var fields: [FieldDifference]
        /// Differing fields of this entry left out by the limit.
        public internal(set) var omittedFields: Int
    }

    /// How many differences are listed when no other limit is given.
    public static let defaultLimit = 100
    /// The range a limit may take (`pushfake verify --max-differences`, `maxDifferences`).
    public static let limitRange: ClosedRange<Int> = 1...1_000_000

    /// Lines in the recording.
    public internal(set) var recordedCount: Int
    /// Entries in the current traffic.
    public internal(set) var currentCount: Int
    /// The entries listed, in order.
    public internal(set) var entries: [Entry]
    /// All differences: each differing field of a paired entry, and each entry on one side only.
    public internal(set) var differenceCount: Int
    /// All entries with a difference.
    public internal(set) var entryCount: Int
    /// The most differences listed.
    public internal(set) var limit: Int

    /// Differences not listed.
    public var omittedDifferences: Int {
        differenceCount &- entries.reduce(0) { $0 &+ ($1.kind == .differs ? $1.fields.count : 1) }
    }

    /// The report as people read it.
    public var description: String {
        var lines = [summary]
        for entry in entries {
            switch entry.kind {
            case .differs:
                let place =
                    entry.recordedLine == entry.currentEntry
                    ? "entry \(entry.recordedLine ?? 0)"
                    : "recorded line \(entry.recordedLine ?? 0), current entry \(entry.currentEntry ?? 0)"
                lines.append("\(place) (\(entry.label)):")
                lines += entry.fields.map { "  \($0)" }
                if entry.omittedFields > 0 { lines.append("  … \(Self.count(entry.omittedFields, "more field"))") }
            case .onlyRecorded, .onlyCurrent:
                let place =
                    entry.kind == .onlyRecorded
                    ? "recorded line \(entry.recordedLine ?? 0)" : "current entry \(entry.currentEntry ?? 0)"
                let side = entry.kind == .onlyRecorded ? "only in the recording" : "only in the current traffic"
                lines.append("\(place) (\(entry.label)): \(side)")
                if !entry.distinguishingFields.isEmpty {
                    let fields = entry.distinguishingFields.map {
                        "\($0.path) \($0.current?.serializedString() ?? "absent")"
                    }
                    lines.append("  unlike its neighbours: " + fields.joined(separator: ", "))
                }
            }
        }
        let omitted = omittedDifferences
        if omitted > 0 {
            let unlisted = entryCount &- entries.count
            let unlistedText =
                unlisted > 0 ? ", \(Self.count(unlisted, "more entry", plural: "more entries")) not listed" : ""
            lines.append(
                "… \(Self.count(omitted, "more difference")) left out after the first \(limit)\(unlistedText) (raise the limit: "
                    + "pushfake verify --max-differences N, \"maxDifferences\" in POST /__pushfake/recordings/compare, "
                    + "limit: in Swift)")
        }
        return lines.joined(separator: "\n")
    }

    /// `the recording has 3 entries, the current traffic 4; 2 entries differ (3 differences)`.
    private var summary: String {
        let sides =
            recordedCount == currentCount
            ? "the recording and the current traffic have \(Self.count(recordedCount, "entry", plural: "entries")) each"
            : "the recording has \(Self.count(recordedCount, "entry", plural: "entries")), the current traffic \(currentCount)"
        let verb = entryCount == 1 ? "differs" : "differ"
        return sides
            + "; \(Self.count(entryCount, "entry", plural: "entries")) \(verb) (\(Self.count(differenceCount, "difference")))"
    }

    static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
    }
}
