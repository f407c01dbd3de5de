import Foundation

extension JournalEntry {
    /// Which optional parts an entry's bytes hold (``JournalEntryLayout``), with its outcome and transport.
    struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt16

        static let standardResponseHeaders = Flags(rawValue: 1 << 0)
        static let vendor = Flags(rawValue: 1 << 1)
        static let route = Flags(rawValue: 1 << 2)
        /// The route's vendor is written apart because it is not the entry's.
        static let routeVendor = Flags(rawValue: 1 << 3)
        static let app = Flags(rawValue: 1 << 4)
        static let device = Flags(rawValue: 1 << 5)
        static let delay = Flags(rawValue: 1 << 6)
        /// The status does not fit the entry's 32-bit field.
        static let wideStatus = Flags(rawValue: 1 << 7)
        static let bodyUnavailable = Flags(rawValue: 1 << 8)
        /// The response body begins with bytes of another body of its route, kept in ``JournalStrings``.
        static let sharedResponsePrefix = Flags(rawValue: 1 << 13)
        private static let outcomeShift: UInt16 = 9
        private static let transportShift: UInt16 = 11

        init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        init(outcome: Outcome, transport: FakeRequest.Transport) {
            let outcomeBits: UInt16 =
                switch outcome {
                case .responded: 0
                case .dropped: 1
                case .droppedAfterHandling: 2
                }
            let transportBits: UInt16 =
                switch transport {
                case .http: 0
                case .urlProtocol: 1
                case .direct: 2
                }
            rawValue = outcomeBits << Self.outcomeShift | transportBits << Self.transportShift
        }

        var outcome: Outcome {
            switch rawValue >> Self.outcomeShift & 3 {
            case 1: return .dropped
            case 2: return .droppedAfterHandling
            default: return .responded
            }
        }

        var transport: FakeRequest.Transport {
            switch rawValue >> Self.transportShift & 3 {
            case 1: return .urlProtocol
            case 2: return .direct
            default: return .http
            }
        }
    }

    /// Packs an exchange into an entry: every string and byte of the request and response goes into one array.
    /// The engine makes entries; PushFake's own tests (`package`) make them to check what reads back.
    package init(
        sequence: Int, time: Date, request: FakeRequest, route: RouteMatch?, vendor: Vendor?, app: String?,
        device: String?, fault: AppliedFault?, response: FakeResponse, outcome: Outcome, delay: Double,
        deliveryIDs: [String], notes: [String], proxied: ProxiedExchange? = nil
    ) {
        var flags = Flags(outcome: outcome, transport: request.transport)
        if !request.bodyAvailable { flags.insert(.bodyUnavailable) }
        if response.headers == FakeResponse.standardHeaders { flags.insert(.standardResponseHeaders) }
        if vendor != nil { flags.insert(.vendor) }
        if let route {
            flags.insert(.route)
            if route.vendor != vendor { flags.insert(.routeVendor) }
        }
        if app != nil { flags.insert(.app) }
        if device != nil { flags.insert(.device) }
        if delay != 0 || delay.sign == .minus { flags.insert(.delay) }
        let statusCode = Int32(exactly: response.status)
        if statusCode == nil { flags.insert(.wideStatus) }
        typealias Writer = JournalEntryWriter
        // The shared strings' numbers live on the stack for the entry's making, found under one hold of the
        // table's lock together with the response body's shared prefix.
        let count = Self.fixedCodes &+ 2 &* (request.headers.count &+ response.headers.count)
        let (bytes, subjectStart, written) = withUnsafeTemporaryAllocation(of: Int.self, capacity: count) {
            buffer -> ([UInt8], UInt16, Flags) in
            let codes = UnsafeBufferPointer(buffer)
            let sharedResponse = Self.sharedCodes(
                into: buffer, request: request, response: response, flags: flags, route: route, vendor: vendor)
            let requestHeaderCodes = UnsafeBufferPointer(
                rebasing: codes[Self.fixedCodes..<(Self.fixedCodes &+ 2 &* request.headers.count)])
            let responseHeaderCodes = UnsafeBufferPointer(
                rebasing: codes[(Self.fixedCodes &+ 2 &* request.headers.count)...])
            var flags = flags
            if sharedResponse != nil { flags.insert(.sharedResponsePrefix) }
            var size =
                Writer.size(ofText: request.method, code: codes[0]) &+ Writer.size(ofText: request.path, code: codes[1])
                &+ Writer.size(ofText: request.query, code: codes[2])
                &+ Writer.size(of: request.headers, codes: requestHeaderCodes) &+ Writer.size(of: request.body)
                &+ (sharedResponse.map { Writer.size(of: response.body, sharing: $0) } ?? Writer.size(of: response.body))
            if !flags.contains(.standardResponseHeaders) {
                size &+= Writer.size(of: response.headers, codes: responseHeaderCodes)
            }
            let subjectStart = UInt16(exactly: size) ?? 0
            size &+= Writer.size(ofCount: notes.count)
            if let vendor { size &+= Writer.size(ofText: vendor.rawValue, code: codes[3]) }
            if let route {
                size &+= Writer.size(ofText: route.operation.rawValue, code: codes[4])
                size &+= Writer.size(ofText: route.template, code: codes[5])
                size &+= Writer.size(ofCount: route.parameterCount)
                if flags.contains(.routeVendor) { size &+= Writer.size(ofText: route.vendor.rawValue, code: codes[6]) }
                // Sorted by name, so equal entries have equal bytes whatever order the path gave them in.
                route.forEachParameter { name, value in size &+= Writer.size(of: name) &+ Writer.size(of: value) }
            }
            if let app { size &+= Writer.size(of: app) }
            if let device { size &+= Writer.size(of: device) }
            for note in notes { size &+= Writer.size(of: note) }
            if flags.contains(.delay) { size &+= 8 }
            if flags.contains(.wideStatus) { size &+= 8 }
            let written = flags
            let bytes = Writer.bytes(size: size) { writer in
                writer.text(request.method, code: codes[0])
                writer.text(request.path, code: codes[1])
                writer.text(request.query, code: codes[2])
                writer.headers(request.headers, codes: requestHeaderCodes)
                writer.bytes(request.body)
                if !written.contains(.standardResponseHeaders) {
                    writer.headers(response.headers, codes: responseHeaderCodes)
                }
                if let sharedResponse {
                    writer.bytes(response.body, sharing: sharedResponse)
                } else {
                    writer.bytes(response.body)
                }
                if let vendor { writer.text(vendor.rawValue, code: codes[3]) }
                if let route {
                    writer.text(route.operation.rawValue, code: codes[4])
                    writer.text(route.template, code: codes[5])
                    if written.contains(.routeVendor) { writer.text(route.vendor.rawValue, code: codes[6]) }
                    writer.count(route.parameterCount)
                    route.forEachParameter { name, value in
                        writer.string(name)
                        writer.string(value)
                    }
                }
                if let app { writer.string(app) }
                if let device { writer.string(device) }
                writer.count(notes.count)
                for note in notes { writer.string(note) }
                if written.contains(.delay) { writer.fixed(delay.bitPattern) }
                if written.contains(.wideStatus) { writer.fixed(UInt64(bitPattern: Int64(response.status))) }
            }
            return (bytes, subjectStart, flags)
        }
        self.bytes = bytes
        self.subjectStart = subjectStart
        self.sequence = sequence
        self.time = time
        self.extras =
            fault == nil && deliveryIDs.isEmpty && proxied == nil
            ? nil : JournalEntryExtras(fault: fault, deliveryIDs: deliveryIDs, proxied: proxied)
        self.statusCode = statusCode ?? 0
        self.flags = written
    }

    /// How many ``sharedCodes(request:response:flags:route:vendor:)`` come before the header fields': method,
    /// path, query (never shared: queries carry ids), vendor, operation, template, route vendor.
    private static let fixedCodes = 7

    /// Writes into `codes` the ``JournalStrings`` numbers of the entry's shared strings, in the order ``fixedCodes``
    /// says, then two for each request header field and two for each response header field (-1 for a string not
    /// shared, and for every slot left over). A path is shared only when its route has no parameters (a path with
    /// ids in it would fill the table with strings no other entry repeats). Returns, from the same hold of the
    /// table's lock, how the response body shares its route's first body (``JournalStrings/Lookup/responsePrefix(route:body:)``).
    private static func sharedCodes(
        into codes: UnsafeMutableBufferPointer<Int>, request: FakeRequest, response: FakeResponse, flags: Flags,
        route: RouteMatch?, vendor: Vendor?
    ) -> (code: Int, length: Int)? {
        // A path the route's template spells byte for byte is asked as the template: the same string every time,
        // which the table finds by its bits, where the request's own copy of the path would be hashed each time.
        let path = route.flatMap { route in
            !route.hasParameters
                ? (route.template.hasSameBytes(as: request.path) ? route.template : request.path) : nil
        }
        codes.update(repeating: -1)
        return JournalStrings.shared.withLookup { lookup -> (code: Int, length: Int)? in
            guard codes.count >= fixedCodes else { return nil }
            codes[0] = lookup.code(request.method)
            codes[1] = lookup.code(path)
            // codes[2], the query, stays -1.
            codes[3] = lookup.code(vendor?.rawValue)
            codes[4] = lookup.code(route?.operation.rawValue)
            codes[5] = lookup.code(route?.template)
            codes[6] = flags.contains(.routeVendor) ? lookup.code(route?.vendor.rawValue) : -1
            var index = fixedCodes
            request.headers.fields.withUnsafeBufferPointer { fields in
                for field in fields.indices where index &+ 1 < codes.count {
                    codes[index] = lookup.code(fields[field].name)
                    codes[index &+ 1] = lookup.code(fields[field].value)
                    index &+= 2
                }
            }
            if !flags.contains(.standardResponseHeaders) {
                response.headers.fields.withUnsafeBufferPointer { fields in
                    for field in fields.indices where index &+ 1 < codes.count {
                        codes[index] = lookup.code(fields[field].name)
                        codes[index &+ 1] = lookup.code(fields[field].value)
                        index &+= 2
                    }
                }
            }
            return route == nil ? nil : lookup.responsePrefix(route: codes[5], body: response.body)
        }
    }

    /// Roughly what the entry holds in memory: its own fields, its byte array and its extras, with the allocator's
    /// overhead. Delivery ids count as one reference each: their strings are the deliveries'.
    package var approximateBytes: Int {
        // An array's heap object is a 32-byte header plus its elements, rounded up to 16 by malloc.
        let array = (32 &+ bytes.capacity &+ 15) & ~15
        let extras = self.extras.map { extras in
            extras.deliveryIDs.isEmpty ? 96 : 128 &+ extras.deliveryIDs.capacity &* MemoryLayout<String>.stride
        }
        return MemoryLayout<JournalEntry>.stride &+ array &+ (extras ?? 0)
    }
}

extension JournalEntry: Equatable {
    /// Entries are equal when every public property is; the bytes, written in a canonical order, decide at once
    /// unless they differ only in how equal strings are spelled (Unicode normalization).
    public static func == (lhs: JournalEntry, rhs: JournalEntry) -> Bool {
        guard lhs.sequence == rhs.sequence, lhs.time == rhs.time, lhs.statusCode == rhs.statusCode,
            lhs.flags == rhs.flags, lhs.deliveryIDs == rhs.deliveryIDs, lhs.fault == rhs.fault,
            lhs.proxied == rhs.proxied
        else { return false }
        if lhs.bytes == rhs.bytes { return true }
        return lhs.request == rhs.request && lhs.response == rhs.response && lhs.route == rhs.route
            && lhs.vendor == rhs.vendor && lhs.app == rhs.app && lhs.device == rhs.device && lhs.delay == rhs.delay
            && lhs.notes == rhs.notes
    }
}
