/// Where each part of a journal entry sits in its compact bytes, found by one walk over them.
///
/// An entry keeps the request and response as one byte array (Performance.md, "Journal cost"), in this order; the
/// optional parts are present only when the entry's ``JournalEntry/Flags`` say so, and every length or count is a
/// LEB128 number (``JournalEntryWriter``):
///
/// | part | encoding | present |
/// |---|---|---|
/// | method, path, query | length + UTF-8 each | always |
/// | request headers | count, then name and value of each | always |
/// | request body | length + bytes, as received | always |
/// | response headers | count, then name and value of each | unless they are the standard JSON headers |
/// | response body | length + bytes | always |
/// | vendor | length + UTF-8 | `vendor` |
/// | route: operation, template, its vendor when not `vendor`, parameters sorted by name | as above | `route` |
/// | app, device | length + UTF-8 each | `app`, `device` |
/// | notes | count, then each as length + UTF-8 | always |
/// | delay, status | 8 bytes each (bit patterns) | `delay` (not 0), `wideStatus` (beyond 32 bits) |
struct JournalEntryLayout {
    var method = 0..<0
    var path = 0..<0
    var query = 0..<0
    /// Where the request headers' count is.
    var requestHeaders = 0
    var requestBody = 0..<0
    /// Where the response headers' count is; `nil` for the standard headers.
    var responseHeaders: Int?
    var responseBody = 0..<0
    /// Everything after the response body.
    var subject: JournalEntrySubject

    init(_ bytes: [UInt8], flags: JournalEntry.Flags) {
        var reader = JournalEntryReader(bytes)
        method = reader.range()
        path = reader.range()
        query = reader.range()
        requestHeaders = reader.position
        reader.skipPairs()
        requestBody = reader.range()
        if !flags.contains(.standardResponseHeaders) {
            responseHeaders = reader.position
            reader.skipPairs()
        }
        responseBody = reader.range()
        subject = JournalEntrySubject(bytes, flags: flags, at: reader.position)
    }
}

/// Where the parts after the response body sit: what matchers and most reads want (vendor, route, app, device,
/// notes). An entry remembers where they start, so reading them does not walk the request and response.
struct JournalEntrySubject {
    var vendor: Range<Int>?
    var operation: Range<Int>?
    var template: Range<Int>?
    var routeVendor: Range<Int>?
    /// Where the route parameters' count is.
    var parameters: Int?
    var app: Range<Int>?
    var device: Range<Int>?
    /// Where the notes' count is.
    var notes = 0
    var delay: Int?
    var wideStatus: Int?

    init(_ bytes: [UInt8], flags: JournalEntry.Flags, at start: Int) {
        var reader = JournalEntryReader(bytes, at: start)
        if flags.contains(.vendor) { vendor = reader.range() }
        if flags.contains(.route) {
            operation = reader.range()
            template = reader.range()
            if flags.contains(.routeVendor) { routeVendor = reader.range() }
            parameters = reader.position
            reader.skipPairs()
        }
        if flags.contains(.app) { app = reader.range() }
        if flags.contains(.device) { device = reader.range() }
        notes = reader.position
        for _ in 0..<reader.elementCount() { _ = reader.range() }
        if flags.contains(.delay) {
            delay = reader.position
            _ = reader.fixed()
        }
        if flags.contains(.wideStatus) { wideStatus = reader.position }
    }
}

/// Reads what ``JournalEntryWriter`` wrote. Never traps: a read past the end yields empty values.
struct JournalEntryReader {
    private let bytes: [UInt8]
    private(set) var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = min(max(0, position), bytes.count)
    }

    mutating func count() -> Int {
        var value = 0
        var shift = 0
        while position < bytes.count, shift < 63 {
            let byte = bytes[position]
            position &+= 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift &+= 7
        }
        return value
    }

    /// A count of the elements that follow, never more than the bytes left (each takes at least one).
    mutating func elementCount() -> Int {
        min(count(), bytes.count &- position)
    }

    /// The range of the next length-prefixed part, which is skipped.
    mutating func range() -> Range<Int> {
        let length = count()
        let end = length <= bytes.count &- position ? position &+ length : bytes.count
        defer { position = end }
        return position..<end
    }

    mutating func string() -> String {
        String(decoding: bytes[range()], as: UTF8.self)
    }

    mutating func skipPairs() {
        for _ in 0..<elementCount() {
            _ = range()
            _ = range()
        }
    }

    /// Header fields or route parameters: a count, then name and value of each.
    mutating func pairs() -> [(name: String, value: String)] {
        let number = elementCount()
        var result: [(name: String, value: String)] = []
        result.reserveCapacity(number)
        for _ in 0..<number {
            let name = string()
            result.append((name, string()))
        }
        return result
    }

    mutating func fixed() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) where position < bytes.count {
            value |= UInt64(bytes[position]) << UInt64(shift)
            position &+= 1
        }
        return value
    }
}
