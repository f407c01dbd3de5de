#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to stdout and stderr that never stop the process. `FileHandle.write(_:)` traps when the write fails: a
/// `pushfake serve` whose log reader went away (a closed pipe, `2>&-`) died on its next request log line, taking the
/// request with it, and a command run with stderr closed died on its error message instead of exiting with its code.
/// A line that cannot be written is dropped instead. (SIGPIPE is ignored by the server; elsewhere it ends the process
/// as it does any Unix tool writing into a closed pipe.)
package enum StandardStreams {
    package static func error(_ text: String) {
        write(Array(text.utf8), to: 2)
    }

    package static func output(_ text: String) {
        write(Array(text.utf8), to: 1)
    }

    package static func output(bytes: [UInt8]) {
        write(bytes, to: 1)
    }

    /// Whether stderr is a terminal, where a progress line may redraw itself.
    package static var errorIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { systemWrite(descriptor, $0 + offset, buffer.count - offset) } ?? -1
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, pointer, count)
        #else
            Darwin.write(descriptor, pointer, count)
        #endif
    }
}
