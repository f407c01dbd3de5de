import Foundation
import PushFakeCore

/// `pushfake` — the standalone fake TPNS + TwinPush server.
let arguments = Array(CommandLine.arguments.dropFirst())
let topUsage = """
    USAGE: pushfake <command> [options]

    COMMANDS:
      serve        Run the fake server (see pushfake serve --help)
      journal      Print a running server's journal (--format json|jsonl|har)
      faults       List, add, clear or remove fault rules of a running server
      reset        Reset a running server
      clock        Read, advance or set a running server's clock
      deliveries   Print a running server's deliveries
      devices      Print a running server's devices
      bench        In-process engine benchmarks (see pushfake bench --help)
      health       Exit 0 when a running server is healthy (for container health checks)

    Admin commands take --url URL (or $PUSHFAKE_URL); see pushfake journal --help.
      help         Show this help
      version      Print the version

    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("pushfake: \(message)\n\nRun 'pushfake --help' for usage.\n".utf8))
    exit(64)
}

switch arguments.first {
case "serve":
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        print(ServeOptions.usage)
        exit(0)
    }
    do throws(ServeOptions.UsageError) {
        Serve.run(try ServeOptions(arguments: rest))
    } catch {
        fail(error.message)
    }
case let command? where AdminCommand.names.contains(command):
    AdminCommand.run(command, Array(arguments.dropFirst()))
case "health":
    HealthCommand.run(Array(arguments.dropFirst()))
case "bench":
    Bench.run(Array(arguments.dropFirst()))
case "help", "--help", "-h":
    print(topUsage)
case "version", "--version":
    print(BuildInfo.versionLine)
case nil:
    fail("missing command")
case let other?:
    fail("unknown command \(other)")
}
