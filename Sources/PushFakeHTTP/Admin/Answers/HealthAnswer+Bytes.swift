extension HealthAnswer {
    /// The answer's JSON, written straight into bytes: the bytes of `wireJSON.serialized()` (tests hold the two to
    /// each other), without building a JSON tree field by field through the wire description's key paths, which
    /// was a sixth of health's instructions. Health is the baseline `scripts/bench` measures every route against
    /// (Performance.md).
    var jsonBytes: [UInt8] {
        // The text is 134 bytes and each of the 9 numbers at most 20: one buffer of room, no growing.
        [UInt8].filled(capacity: 384) { buffer in
            var writer = Writer(buffer: buffer)
            writer.append(#"{"status":"ok","journal":{"entries":"#, journal.entries)
            writer.append(#","bytes":"#, journal.approximateBytes)
            if let limit = journal.limit {
                writer.append(#","limit":"#, limit)
            } else {
                writer.append(#","limit":null"#)
            }
            writer.append(#","dropped":"#, journal.droppedCount)
            writer.append(#"},"connections":{"open":"#, connections.open)
            writer.append(#","max":"#, connections.max)
            writer.append(#","refused":"#, connections.refused)
            writer.append(#","evicted":"#, connections.evicted)
            writer.append(#","broken":"#, connections.broken)
            writer.append("}}")
            return writer.count
        }
    }

    /// Appends into a buffer sized for the whole answer.
    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        /// Copied whole (a byte at a time, the text was half the answer's instructions).
        mutating func append(_ text: StaticString) {
            let length = text.utf8CodeUnitCount
            guard length <= buffer.count &- count, let base = buffer.baseAddress else { return }
            (base + count).initialize(from: text.utf8Start, count: length)
            count &+= length
        }

        /// `text`, then `value` in decimal as JSON writes an integer.
        mutating func append(_ text: StaticString, _ value: Int) {
            append(text)
            if value < 0 { put(UInt8(ascii: "-")) }
            let magnitude = value.magnitude
            var divisor: UInt = 1
            while divisor <= magnitude / 10 { divisor &*= 10 }
            var rest = magnitude
            while divisor > 0 {
                put(UInt8(truncatingIfNeeded: rest / divisor) &+ UInt8(ascii: "0"))
                rest %= divisor
                divisor /= 10
            }
        }

        private mutating func put(_ byte: UInt8) {
            guard count < buffer.count else { return }
            buffer.initializeElement(at: count, to: byte)
            count &+= 1
        }
    }
}
