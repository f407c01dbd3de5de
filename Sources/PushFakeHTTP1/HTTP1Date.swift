/// One second's `Date` header (RFC 9110 §6.6.1) in IMF-fixdate, `Thu, 01 Jan 2026 00:00:00 GMT`, formatted once:
/// a server keeps the last one and asks ``at(secondsSince1970:)`` for each answer, which formats again only when
/// the second has changed.
///
/// ```swift
/// var date = HTTP1Date(secondsSince1970: 1_767_225_600)
/// date.text                                   // "Thu, 01 Jan 2026 00:00:00 GMT"
/// date = date.at(secondsSince1970: 1_767_225_600)   // the same value, nothing formatted
/// ```
public struct HTTP1Date: Sendable, Equatable {
    /// The seconds the date shows: 0 (1970) through ``latestSecond`` (the last second of 9999).
    public let secondsSince1970: Int64
    /// The IMF-fixdate, such as `Thu, 01 Jan 2026 00:00:00 GMT`.
    public let text: String
    /// `Date: <text>\r\n`: the header line the serializer appends as it is.
    public let fieldLine: [UInt8]

    /// `9999-12-31T23:59:59Z`: IMF-fixdate has four digits for the year.
    public static let latestSecond: Int64 = 253_402_300_799

    /// The date of a second since 1970, moved into 0…``latestSecond``.
    public init(secondsSince1970 seconds: Int64) {
        let second = min(max(seconds, 0), Self.latestSecond)
        secondsSince1970 = second
        var bytes: [UInt8] = []
        bytes.reserveCapacity(37)
        bytes.append(contentsOf: "Date: ".utf8)
        Self.appendIMFFixdate(second, to: &bytes)
        text = String(decoding: bytes[6...], as: UTF8.self)
        bytes.append(contentsOf: [0x0D, 0x0A])
        fieldLine = bytes
    }

    /// This date when `seconds` is the same second, else the new second's: the step of a once-per-second cache.
    public func at(secondsSince1970 seconds: Int64) -> HTTP1Date {
        min(max(seconds, 0), Self.latestSecond) == secondsSince1970 ? self : HTTP1Date(secondsSince1970: seconds)
    }

    /// The second of an IMF-fixdate (`Thu, 01 Jan 2026 00:00:00 GMT`), or `nil` when `text` is not one: the weekday
    /// must match the date. How comparisons of recorded answers recognise a `Date`.
    public static func parse(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20, bytes[7] == 0x20,
            bytes[11] == 0x20, bytes[16] == 0x20, bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"),
            bytes[25] == 0x20, Array(bytes[26...]) == Array("GMT".utf8),
            let day = number(bytes[5..<7]), let year = number(bytes[12..<16]), let hour = number(bytes[17..<19]),
            let minute = number(bytes[20..<22]), let second = number(bytes[23..<25]),
            let month = monthNames.firstIndex(of: Array(bytes[8..<11])),
            let weekday = dayNames.firstIndex(of: Array(bytes[0..<3])),
            year >= 1970, day >= 1, day <= daysIn(month: month + 1, year: year), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year: year, month: month + 1, day: day)
        guard (days + 4) % 7 == Int64(weekday) else { return nil }
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The whole second (a fraction cut, not rounded) of a time in seconds since 1970, within 0…``latestSecond``;
    /// NaN is 0.
    public static func second(containing seconds: Double) -> Int64 {
        guard !seconds.isNaN else { return 0 }
        return seconds <= 0 ? 0 : seconds >= Double(latestSecond) ? latestSecond : Int64(seconds.rounded(.down))
    }

    private static let dayNames: [[UInt8]] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { Array($0.utf8) }
    private static let monthNames: [[UInt8]] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ].map { Array($0.utf8) }

    /// `Thu, 01 Jan 2026 00:00:00 GMT` for a second in 0…``latestSecond`` (civil from days: Howard Hinnant's
    /// algorithm, here for dates from 1970 on only).
    private static func appendIMFFixdate(_ second: Int64, to bytes: inout [UInt8]) {
        let days = second / 86_400
        let secondOfDay = Int(second % 86_400)
        bytes.append(contentsOf: dayNames[Int((days + 4) % 7)])
        bytes.append(contentsOf: ", ".utf8)
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthPrime + 2) / 5 + 1)
        let month = Int(monthPrime < 10 ? monthPrime + 3 : monthPrime - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        appendDigits(day, 2, to: &bytes)
        bytes.append(0x20)
        bytes.append(contentsOf: monthNames[month - 1])
        bytes.append(0x20)
        appendDigits(year, 4, to: &bytes)
        bytes.append(0x20)
        appendDigits(secondOfDay / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, 2, to: &bytes)
        bytes.append(contentsOf: " GMT".utf8)
    }

    private static func appendDigits(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard digit >= 0x30, digit <= 0x39 else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
