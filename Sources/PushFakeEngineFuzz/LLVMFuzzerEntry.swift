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
#endif
