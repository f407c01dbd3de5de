extension Array where Element: BitwiseCopyable {
    /// The first elements of a buffer of `capacity` that `fill` writes, returning how many it wrote (at most
    /// `capacity`).
    ///
    /// The buffer is a temporary one (on the stack when small) copied once into the array. The obvious
    /// `Array(unsafeUninitializedCapacity:initializingWith:)` allocates through a standard-library function that is
    /// never specialised and looks the array's storage type up at run time: about 500 instructions an array under
    /// `valgrind --tool=callgrind`, where copying a few hundred bytes takes a tenth of that (Performance.md).
    @inlinable
    package static func filled(
        capacity: Int, _ fill: (UnsafeMutableBufferPointer<Element>) -> Int
    ) -> [Element] {
        let capacity = Swift.max(0, capacity)
        return withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
            let count = Swift.min(Swift.max(0, fill(buffer)), capacity)
            return [Element](UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
