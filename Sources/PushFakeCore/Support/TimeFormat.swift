import Foundation

/// Date formatting without `DateFormatter`: deterministic, locale-free and cheap enough for the request path.
package enum TimeFormat {
    struct Civil: Equatable {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        var millisecond: Int
    }

    /// The first and last millisecond ``civil(_:)`` splits exactly: `0000-01-01T00:00:00.000Z` and
    /// `9999-12-31T23:59:59.999Z`. Dates outside are formatted as the nearer one (FakeBehaviour.md, Clock).
    static let earliestMilliseconds = -62_167_219_200_000
    static let latestMilliseconds = 253_402_300_799_999

    /// Splits seconds since 1970 into UTC calendar fields (Howard Hinnant's days-from-civil, inverted). Never traps:
    /// a date before year 0 or after year 9999 is clamped to the nearer end, a NaN date reads as 1970.
    static func civil(_ date: Date) -> Civil {
        let seconds = date.timeIntervalSince1970
        let milliseconds = (seconds * 1000).rounded(.down)
        let totalMilliseconds: Int
        if milliseconds.isNaN {
            totalMilliseconds = 0
        } else if milliseconds <= Double(earliestMilliseconds) {
            totalMilliseconds = earliestMilliseconds
        } else if milliseconds >= Double(latestMilliseconds) {
            totalMilliseconds = latestMilliseconds
        } else {
            totalMilliseconds = Int(milliseconds)
        }
        var days =
            totalMilliseconds >= 0 ? totalMilliseconds / 86_400_000 : (totalMilliseconds - 86_399_999) / 86_400_000
        let millisecondsOfDay = totalMilliseconds - days * 86_400_000
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Civil(
            year: year, month: month, day: day,
            hour: millisecondsOfDay / 3_600_000, minute: millisecondsOfDay / 60_000 % 60,
            second: millisecondsOfDay / 1000 % 60, millisecond: millisecondsOfDay % 1000)
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds since 1970 for a UTC calendar date.
    static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// `2026-01-01T00:00:00.000Z`
    package static func iso8601(_ date: Date) -> String {
        format(date, between: "T", milliseconds: true, zone: "Z")
    }

    /// `2026-01-01 00:00:00 UTC`, the TwinPush wire format (TwinPushWireProtocol.md §4.2).
    static func twinPush(_ date: Date) -> String {
        format(date, between: " ", milliseconds: false, zone: " UTC")
    }

    /// Appends `2026-01-01 00:00:00 UTC` to `bytes`: the TwinPush format without making a `String`, for answers
    /// written straight into bytes.
    static func appendTwinPush(_ date: Date, to bytes: inout some ByteOutput) {
        append(date, between: " ", milliseconds: false, zone: " UTC", to: &bytes)
    }

    private static func format(_ date: Date, between: Unicode.Scalar, milliseconds: Bool, zone: StaticString) -> String
    {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, between: between, milliseconds: milliseconds, zone: zone, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(
        _ date: Date, between: Unicode.Scalar, milliseconds: Bool, zone: StaticString, to bytes: inout some ByteOutput
    ) {
        let c = civil(date)
        // At most 23 bytes before the zone, written into a scratch word block and appended at once: an append per
        // digit showed in the profile of the TwinPush register answer (Performance.md).
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let count = withUnsafeMutableBytes(of: &scratch) { raw -> Int in
            var index = 0
            // `value` in `width` digits, zero-padded; `civil` keeps every field within its width (years 0…9999).
            func put(_ value: Int, _ width: Int, then separator: UInt8?) {
                var rest = min(max(0, value), width == 4 ? 9999 : width == 3 ? 999 : 99)
                var digit = width
                while digit > 0 {
                    digit -= 1
                    raw[index + digit] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
                index += width
                if let separator {
                    raw[index] = separator
                    index += 1
                }
            }
            put(c.year, 4, then: UInt8(ascii: "-"))
            put(c.month, 2, then: UInt8(ascii: "-"))
            put(c.day, 2, then: UInt8(truncatingIfNeeded: between.value))
            put(c.hour, 2, then: UInt8(ascii: ":"))
            put(c.minute, 2, then: UInt8(ascii: ":"))
            if milliseconds {
                put(c.second, 2, then: UInt8(ascii: "."))
                put(c.millisecond, 3, then: nil)
            } else {
                put(c.second, 2, then: nil)
            }
            return index
        }
        withUnsafeBytes(of: &scratch) { raw in
            bytes.append(bytes: UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[..<count]))
        }
        bytes.append(zone)
    }

    /// Reads `YYYY-MM-DD HH:MM:SS` with an optional fraction (`.5`, `.250`, up to nine digits) and an optional
    /// zone (`UTC`, `GMT`, `Z`, `+HHMM`, `-HH:MM`), or the same with `T` between date and time. Without a zone the
    /// time is UTC. Only real calendar times are read: `2026-02-30`, hour 24, minute or second 60 and zone offsets
    /// beyond ±23:59 are `nil`.
    package static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count >= 19, let year = number(0, 4), bytes[4] == UInt8(ascii: "-"), let month = number(5, 2),
            bytes[7] == UInt8(ascii: "-"), let day = number(8, 2),
            bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"), let hour = number(11, 2),
            bytes[13] == UInt8(ascii: ":"), let minute = number(14, 2), bytes[16] == UInt8(ascii: ":"),
            let second = number(17, 2), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var position = 19
        var fraction = 0.0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            var digits = 0
            var scale = 0.1
            position += 1
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                fraction += Double(bytes[position] - UInt8(ascii: "0")) * scale
                scale /= 10
                digits += 1
                position += 1
            }
            guard (1...9).contains(digits) else { return nil }
        }
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        guard let offsetSeconds = zoneOffset(bytes[position...]) else { return nil }
        let base = date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return base.addingTimeInterval(fraction - TimeInterval(offsetSeconds))
    }

    /// Seconds east of UTC for `""`, `UTC`, `GMT`, `Z`, `+HHMM`, `+HH:MM`, `-HHMM`, `-HH:MM`; `nil` otherwise.
    private static func zoneOffset(_ zone: ArraySlice<UInt8>) -> Int? {
        switch String(decoding: zone, as: UTF8.self) {
        case "", "UTC", "GMT", "Z", "z": return 0
        default: break
        }
        guard let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = zone.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, zone.count == 5 || (zone.count == 6 && zone[zone.startIndex + 3] == UInt8(ascii: ":")),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hours = values[0] * 10 + values[1]
        let minutes = values[2] * 10 + values[3]
        guard hours < 24, minutes < 60 else { return nil }
        return (sign == UInt8(ascii: "+") ? 1 : -1) * (hours * 3600 + minutes * 60)
    }
}
