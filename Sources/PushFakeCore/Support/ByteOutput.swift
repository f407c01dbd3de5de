/// Where the answer writers on the request path put their bytes: a growing `[UInt8]`, or a ``FixedBytes`` block
/// on the stack.
///
/// The writers are generic over it and specialised for both. Appending to an array checks its uniqueness and
/// capacity on every call, about 90 instructions a call under `valgrind --tool=callgrind`; a register answer makes
/// about 40 such calls. A fixed block checks one bound and copies (Performance.md).
package protocol ByteOutput {
    /// The bytes written so far.
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    /// Appends again the bytes at `range` of what is written (a repeated value, such as a date's text).
    mutating func appendAgain(_ range: Range<Int>)
}

extension ByteOutput {
    /// Appends the text of a literal.
    @inline(__always)
    package mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(bytes: $0) }
    }
}

extension Array: ByteOutput where Element == UInt8 {
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }

    package mutating func appendAgain(_ range: Range<Int>) {
        let written = self[range]
        append(contentsOf: written)
    }
}

/// A block of bytes of fixed size written front to back; a write that does not fit marks it ``overflowed`` and
/// writes nothing more. Made by ``Swift/Array/written(capacity:_:)``.
package struct FixedBytes: ByteOutput {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    package private(set) var count = 0
    /// A write did not fit: the bytes are incomplete.
    package private(set) var overflowed = false

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        guard count < buffer.count else {
            overflowed = true
            return
        }
        buffer[count] = byte
        count &+= 1
    }

    @inline(__always)
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= buffer.count &- count else {
            overflowed = true
            return
        }
        if let source = bytes.baseAddress, let base = buffer.baseAddress {
            (base + count).update(from: source, count: bytes.count)
        }
        count &+= bytes.count
    }

    package mutating func appendAgain(_ range: Range<Int>) {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            overflowed = true
            return
        }
        guard range.count <= buffer.count &- count else {
            overflowed = true
            return
        }
        if let base = buffer.baseAddress {
            (base + count).update(from: base + range.lowerBound, count: range.count)
        }
        count &+= range.count
    }
}

extension Array where Element == UInt8 {
    /// What `write` puts into a block of `capacity` bytes (on the stack up to 1 KiB; larger blocks may come from
    /// the heap), or `nil` when it needs more: the caller then writes into a growing array instead.
    package static func written(capacity: Int, _ write: (inout FixedBytes) -> Void) -> [UInt8]? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(0, capacity)) { buffer in
            var output = FixedBytes(buffer)
            write(&output)
            guard !output.overflowed else { return nil }
            return [UInt8](UnsafeBufferPointer(rebasing: buffer[..<output.count]))
        }
    }
}
