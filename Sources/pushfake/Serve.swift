import Dispatch
import Foundation
import PushFakeCore
import PushFakeHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pushfake serve`: start, print the ready line, log requests, stop cleanly on SIGINT/SIGTERM.
enum Serve {
    static func run(_ options: ServeOptions) -> Never {
        let log: (@Sendable (RequestLogLine) -> Void)? = options.quiet ? nil : writeLog
        let server = PushFakeServer(
            fake: PushFake(options.engineConfiguration),
            configuration: ServerConfiguration(
                host: options.host, port: options.port, maxBodyBytes: options.maxBodyBytes, log: log))
        // Handlers go in before the ready line, so a signal sent right after it still exits 0.
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                server.stop()
                exit(0)
            }
            source.resume()
            sources.append(source)
        }
        do {
            try server.start()
        } catch {
            FileHandle.standardError.write(Data("pushfake: \(error)\n".utf8))
            exit(error == PushFakeError.addressInUse(port: options.port) ? 69 : 70)
        }
        let base = server.baseURL.absoluteString
        let ready: JSON = [
            "event": "listening", "url": .string(base), "tpns": .string(base + "/TPNS"),
            "twinpush": .string(base + "/api/v2"), "admin": .string(base + "/__pushfake"),
        ]
        FileHandle.standardOutput.write(Data((ready.serializedString() + "\n").utf8))
        withExtendedLifetime(sources) { dispatchMain() }
    }

    @Sendable private static func writeLog(_ line: RequestLogLine) {
        FileHandle.standardError.write(Data((line.description + "\n").utf8))
    }
}
