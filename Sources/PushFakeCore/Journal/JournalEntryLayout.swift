/// Where each part of a journal entry sits in its compact bytes, found by one walk over them.
///
/// An entry keeps the request and response as one byte array (Performance.md, "Journal cost"), in this order; the
/// optional parts are present only when the entry's ``JournalEntry/Flags`` say so, and every length or count is a
/// LEB128 number (``JournalEntryWriter``). A *text* is a string that may be shared through ``JournalStrings``: its
/// number there times two plus one, or its length times two and its UTF-8.
///
/// | part | encoding | present |
/// |---|---|---|
/// | method, path, query | text each | always |
/// | request headers | count, then name and value of each as text | always |
/// | request body | length + bytes, as received | always |
/// | response headers | count, then name and value of each as text | unless they are the standard JSON headers |
/// | response body | length + bytes; or, with `sharedResponsePrefix`, the number of a body in ``JournalStrings``, how many of its first bytes this body begins with, then length + the rest | always |
/// | vendor | text | `vendor` |
/// | route: operation, template, its vendor when not `vendor` | text each | `route` |
/// | route parameters sorted by name | count, then name and value of each as length + UTF-8 | `route` |
/// | app, device | length + UTF-8 each | `app`, `device` |
/// | notes | count, then each as length + UTF-8 | always |
/// | delay, status | 8 bytes each (bit patterns) | `delay` (not 0), `wideStatus` (beyond 32 bits) |
struct JournalEntryLayout {
    var method = JournalText()
    var path = JournalText()
    var query = JournalText()
    /// Where the request headers' count is.
    var requestHeaders = 0
    var requestBody = 0..<0
    /// Where the response headers' count is; `nil` for the standard headers.
    var responseHeaders: Int?
    var responseBody = 0..<0
    /// The first bytes of the response body when they are shared: a string of ``JournalStrings`` and how many of its
    /// bytes; `responseBody` is then the rest.
    var responsePrefix: (code: Int, length: Int)?
    /// Everything after the response body.
    var subject: JournalEntrySubject

    init(_ bytes: [UInt8], flags: JournalEntry.Flags) {
        var reader = JournalEntryReader(bytes)
        method = reader.text()
        path = reader.text()
        query = reader.text()
        requestHeaders = reader.position
        reader.skipTextPairs()
        requestBody = reader.range()
        if !flags.contains(.standardResponseHeaders) {
            responseHeaders = reader.position
            reader.skipTextPairs()
        }
        if flags.contains(.sharedResponsePrefix) { responsePrefix = (reader.count(), reader.count()) }
        responseBody = reader.range()
        subject = JournalEntrySubject(bytes, flags: flags, at: reader.position)
    }
}

/// Where the parts after the response body sit: what matchers and most reads want (vendor, route, app, device,
/// notes). An entry remembers where they start, so reading them does not walk the request and response.
struct JournalEntrySubject {
    var vendor: JournalText?
    var operation: JournalText?
    var template: JournalText?
    var routeVendor: JournalText?
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
        if flags.contains(.vendor) { vendor = reader.text() }
        if flags.contains(.route) {
            operation = reader.text()
            template = reader.text()
            if flags.contains(.routeVendor) { routeVendor = reader.text() }
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

    /// The next text (``JournalEntryLayout``), which is skipped.
    mutating func text() -> JournalText {
        let value = count()
        guard value & 1 == 0 else { return JournalText(range: position..<position, code: value >> 1) }
        let length = value >> 1
        let end = length <= bytes.count &- position ? position &+ length : bytes.count
        defer { position = end }
        return JournalText(range: position..<end)
    }

    mutating func skipTextPairs() { skipPairs { _ = $0.text() } }

    /// Header fields: a count, then name and value of each as text.
    mutating func textPairs() -> [(name: String, value: String)] { pairs { $0.text().string(in: $0.bytes) } }

    mutating func string() -> String {
        String(decoding: bytes[range()], as: UTF8.self)
    }

    mutating func skipPairs() { skipPairs { _ = $0.range() } }

    /// Header fields or route parameters: a count, then name and value of each.
    mutating func pairs() -> [(name: String, value: String)] { pairs { $0.string() } }

    /// A count, then name and value of each, passed over by `skip`.
    private mutating func skipPairs(_ skip: (inout Self) -> Void) {
        for _ in 0..<elementCount() {
            skip(&self)
            skip(&self)
        }
    }

    /// A count, then name and value of each, read by `read`.
    private mutating func pairs(_ read: (inout Self) -> String) -> [(name: String, value: String)] {
        let number = elementCount()
        var result: [(name: String, value: String)] = []
        result.reserveCapacity(number)
        for _ in 0..<number {
            let name = read(&self)
            result.append((name, read(&self)))
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
