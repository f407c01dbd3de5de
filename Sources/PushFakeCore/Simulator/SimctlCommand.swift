import Dispatch
import Foundation

/// Runs `xcrun simctl …` and waits for it, at most ``timeout`` seconds.
enum SimctlCommand {
    struct Failure: Error {
        let message: String
    }

    /// A push that takes longer than this is stopped and reported.
    static let timeout: Double = 60

    /// Runs `xcrun` (a path, or a name found on `PATH`) with `arguments`; a failure says why, with the last line
    /// the command wrote to standard error.
    static func run(xcrun: String, arguments: [String]) -> Result<Void, Failure> {
        #if os(macOS) || os(Linux)
            let process = Process()
            if xcrun.contains("/") {
                process.executableURL = URL(fileURLWithPath: xcrun)
                process.arguments = arguments
            } else {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = [xcrun] + arguments
            }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            do {
                try process.run()
            } catch {
                return .failure(Failure(message: "cannot run \(xcrun): \(error.localizedDescription)"))
            }
            let output = Locked(Data())
            let drained = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                let data = errors.fileHandleForReading.readDataToEndOfFile()
                output.withLock { $0 = data }
                drained.signal()
            }
            if exited.wait(timeout: .now() + timeout) == .timedOut {
                process.terminate()
                _ = exited.wait(timeout: .now() + 5)
                return .failure(Failure(message: "\(xcrun) did not finish within \(Int(timeout)) s and was stopped"))
            }
            _ = drained.wait(timeout: .now() + 5)
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                let text = String(decoding: output.withLock { $0 }, as: UTF8.self)
                let last = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
                let how =
                    process.terminationReason == .exit
                    ? "exit \(process.terminationStatus)" : "signal \(process.terminationStatus)"
                return .failure(Failure(message: "failed (\(how))" + (last.isEmpty ? "" : ": \(last.prefix(300))")))
            }
            return .success(())
        #else
            return .failure(Failure(message: "xcrun cannot be run on this platform"))
        #endif
    }
}
