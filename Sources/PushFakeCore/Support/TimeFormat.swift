import Foundation

/// Date formatting without `DateFormatter`: deterministic, locale-free and cheap enough for the request path.
enum TimeFormat {
    struct Civil: Equatable {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        var millisecond: Int
    }

    /// Splits seconds since 1970 into UTC calendar fields (Howard Hinnant's days-from-civil, inverted).
    static func civil(_ date: Date) -> Civil {
        let totalMilliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
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
    static func iso8601(_ date: Date) -> String {
        format(date, between: "T", milliseconds: true, zone: "Z")
    }

    /// `2026-01-01 00:00:00 UTC`, the TwinPush wire format (TwinPushWireProtocol.md §4.2).
    static func twinPush(_ date: Date) -> String {
        format(date, between: " ", milliseconds: false, zone: " UTC")
    }

    /// Appends `2026-01-01 00:00:00 UTC` to `bytes`: the TwinPush format without making a `String`, for answers
    /// written straight into bytes.
    static func appendTwinPush(_ date: Date, to bytes: inout [UInt8]) {
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
        _ date: Date, between: Unicode.Scalar, milliseconds: Bool, zone: StaticString, to bytes: inout [UInt8]
    ) {
        let c = civil(date)
        digits(c.year, 4, &bytes, "-")
        digits(c.month, 2, &bytes, "-")
        digits(c.day, 2, &bytes, between)
        digits(c.hour, 2, &bytes, ":")
        digits(c.minute, 2, &bytes, ":")
        if milliseconds {
            digits(c.second, 2, &bytes, ".")
            digits(c.millisecond, 3, &bytes, nil)
        } else {
            digits(c.second, 2, &bytes, nil)
        }
        zone.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` zero-padded to `width` digits, then `separator` (formatting runs on the request path).
    private static func digits(_ value: Int, _ width: Int, _ bytes: inout [UInt8], _ separator: Unicode.Scalar?) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = max(0, value)
        if rest >= divisor * 10 {
            bytes += Array(String(rest).utf8)
        } else {
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        if let separator { bytes.append(UInt8(separator.value)) }
    }

    /// Reads `YYYY-MM-DD HH:MM:SS` followed by an optional zone (`UTC`, `GMT`, `Z`, `+HHMM`, `-HH:MM`), or an
    /// ISO 8601 form with `T`. Without a zone the time is UTC.
    static func parse(_ text: String) -> Date? {
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
            let second = number(17, 2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var rest = Substring(String(decoding: bytes[19...], as: UTF8.self))
        if rest.hasPrefix(".") { rest = rest.drop(while: { $0 == "." || $0.isNumber }) }
        rest = rest.drop(while: { $0 == " " })
        var offsetSeconds = 0
        switch rest {
        case "", "UTC", "GMT", "Z", "z": break
        default:
            let sign: Int
            if rest.hasPrefix("+") {
                sign = 1
            } else if rest.hasPrefix("-") {
                sign = -1
            } else {
                return nil
            }
            let digits = rest.dropFirst().filter { $0 != ":" }
            guard digits.count == 4, let value = Int(digits) else { return nil }
            offsetSeconds = sign * ((value / 100) * 3600 + (value % 100) * 60)
        }
        let base = date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return base.addingTimeInterval(TimeInterval(-offsetSeconds))
    }
}
