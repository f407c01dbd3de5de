import Dispatch
import Foundation
import PushFakeHTTP

/// Start-up: the in-process live server, and the `pushfake serve` binary.
enum StartBench {
    /// Starts a server on a free port `count` times and times each until `GET /__pushfake/health` has answered.
    static func start(count: Int) {
        var samples: [Double] = []
        for _ in 0..<count {
            let begin = DispatchTime.now().uptimeNanoseconds
            let server = PushFakeServer()
            do {
                try server.start()
                let client = try LoopbackHTTPClient(port: server.port)
                guard client.request("GET", "/__pushfake/health")?.status == 200 else { exit(1) }
            } catch {
                print("start failed: \(error)")
                exit(1)
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
            server.stop()
        }
        print(#"{"bench":"start","runs":\#(count),\#(summary(samples))}"#)
    }

    /// Runs `pushfake serve --quiet` `count` times and times `exec` until its ready line is on stdout.
    static func serve(count: Int, binary: String?) {
        let path =
            binary
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "pushfake"
            ).path
        var samples: [Double] = []
        for _ in 0..<count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["serve", "--quiet"]
            let output = Pipe()
            process.standardOutput = output
            // Its last line on shutdown is not part of the measurement.
            process.standardError = FileHandle.nullDevice
            let begin = DispatchTime.now().uptimeNanoseconds
            do {
                try process.run()
            } catch {
                print("cannot run \(path): \(error)")
                exit(1)
            }
            var line: [UInt8] = []
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
            process.terminate()
            process.waitUntilExit()
        }
        print(#"{"bench":"serve","runs":\#(count),\#(summary(samples))}"#)
    }

    /// `"medianMilliseconds":…,"maxMilliseconds":…` of `samples`.
    private static func summary(_ samples: [Double]) -> String {
        let sorted = samples.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        return #""medianMilliseconds":\#(median),"maxMilliseconds":\#(sorted.last ?? 0)"#
    }
}
