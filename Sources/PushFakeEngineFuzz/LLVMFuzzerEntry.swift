#if PUSHFAKE_ENGINE_FUZZ
    import Foundation

    /// libFuzzer's entry point, compiled only by scripts/fuzz-engine (`-D PUSHFAKE_ENGINE_FUZZ`, with
    /// `-sanitize=fuzzer,address`): in a normal build it is left out, so the test bundle, which also links the HTTP
    /// codec's harness, has one `LLVMFuzzerTestOneInput`.
    ///
    /// A violated invariant is written to stderr and aborts the harness (not a server: a found bug must stop the run),
    /// and libFuzzer saves the input under fuzz-artifacts/.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func pushFakeFuzzEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let violation = EngineFuzzCheck.check(input) {
            FileHandle.standardError.write(Data("fuzz invariant violated: \(violation)\n".utf8))
            abort()
        }
        return 0
    }

    /// libFuzzer's default mutation (with the dictionary), which a custom mutator may call.
    @_silgen_name("LLVMFuzzerMutate")
    func llvmFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

    /// libFuzzer's hook for a custom mutator: one mutation in three replaces a number of the input by a boundary
    /// value (``EngineFuzzMutator``), the others are libFuzzer's own.
    @_cdecl("LLVMFuzzerCustomMutator")
    public func pushFakeFuzzEngineMutate(
        _ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32
    ) -> Int {
        guard let data else { return 0 }
        if seed % 3 == 0 {
            let input = Array(UnsafeBufferPointer(start: data, count: size))
            if let mutated = EngineFuzzMutator.replacingNumber(in: input, seed: seed / 3, maxSize: maxSize) {
                mutated.withUnsafeBufferPointer { buffer in
                    if let base = buffer.baseAddress { data.update(from: base, count: buffer.count) }
                }
                return mutated.count
            }
        }
        return llvmFuzzerMutate(data, size, maxSize)
    }
#endif
