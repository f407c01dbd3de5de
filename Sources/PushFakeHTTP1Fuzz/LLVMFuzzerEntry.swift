import Foundation
import PushFakeHTTP1

/// libFuzzer's entry point. scripts/fuzz-http compiles this target with the codec's sources alone
/// (`-sanitize=fuzzer,address`); in a normal build it is an unused exported function.
///
/// A violated invariant is written to stderr and aborts the harness (not a server: a found bug must stop the run),
/// and libFuzzer saves the input under fuzz-artifacts/.
@_cdecl("LLVMFuzzerTestOneInput")
public func pushFakeFuzzHTTP1(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let violation = HTTP1FuzzCheck.check(input) {
        FileHandle.standardError.write(Data("fuzz invariant violated: \(violation)\n".utf8))
        abort()
    }
    return 0
}
