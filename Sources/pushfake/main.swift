import Foundation

/// `pushfake` — the standalone fake TPNS + TwinPush server, and the shell's way to drive it.
exit(CommandTable.main(Array(CommandLine.arguments.dropFirst())))
