import Foundation

extension Date {
    /// `2026-01-01T00:00:00.000Z`, the timestamp format of PushFake's own JSON.
    public var pushFakeISO8601: String { TimeFormat.iso8601(self) }

    /// Parses PushFake and TwinPush timestamps (`2026-01-01T00:00:00Z`, `2026-01-01 00:00:00 UTC`, `+0100`, …).
    public init?(pushFakeTimestamp text: String) {
        guard let date = TimeFormat.parse(text) else { return nil }
        self = date
    }
}
