extension HealthAnswer {
    /// The answer's JSON, written straight into bytes: the bytes of `wireJSON.serialized()` (tests hold the two to
    /// each other), without building a JSON tree field by field through the wire description's key paths, which
    /// was a sixth of health's instructions. Health is the baseline `scripts/bench` measures every route against
    /// (Performance.md).
    var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(192)
        Self.append(#"{"status":"ok","journal":{"entries":"#, journal.entries, to: &bytes)
        Self.append(#","bytes":"#, journal.approximateBytes, to: &bytes)
        if let limit = journal.limit {
            Self.append(#","limit":"#, limit, to: &bytes)
        } else {
            bytes.append(contentsOf: #","limit":null"#.utf8)
        }
        Self.append(#","dropped":"#, journal.droppedCount, to: &bytes)
        Self.append(#"},"connections":{"open":"#, connections.open, to: &bytes)
        Self.append(#","max":"#, connections.max, to: &bytes)
        Self.append(#","refused":"#, connections.refused, to: &bytes)
        Self.append(#","evicted":"#, connections.evicted, to: &bytes)
        Self.append(#","broken":"#, connections.broken, to: &bytes)
        bytes.append(contentsOf: "}}".utf8)
        return bytes
    }

    /// `text`, then `value` in decimal as JSON writes an integer.
    private static func append(_ text: StaticString, _ value: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor &*= 10 }
        var rest = magnitude
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest / divisor) &+ UInt8(ascii: "0"))
            rest %= divisor
            divisor /= 10
        }
    }
}
