import PushFakeHTTP1

/// libFuzzer's entry point. scripts/fuzz-http compiles this target with the codec's sources alone
/// (`-sanitize=fuzzer,address`); in a normal build it is an unused exported function.
///
/// A violated invariant traps with the details on stderr, and libFuzzer saves the input under fuzz-artifacts/.
@_cdecl("LLVMFuzzerTestOneInput")
public func pushFakeFuzzHTTP1(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let violation = HTTP1FuzzCheck.check(input) { fatalError(violation) }
    return 0
}
