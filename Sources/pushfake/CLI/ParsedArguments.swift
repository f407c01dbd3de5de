import Foundation

/// A command line after parsing: which flags were set, the values of options, and the positional arguments. The
/// typed accessors turn a bad value into a usage error that names the option.
struct ParsedArguments {
    let command: CommandSpec
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positional: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value of a non-repeatable option, or every value of a repeatable one via ``all(_:)``.
    func string(_ name: String) -> String? { values[name]?.last }

    func all(_ name: String) -> [String] { values[name] ?? [] }

    func int(_ name: String, in range: ClosedRange<Int>) throws(CommandExit) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw usage("\(name) must be a number in \(range.lowerBound)...\(range.upperBound), not \(text)")
        }
        return value
    }

    func uint64(_ name: String) throws(CommandExit) -> UInt64? {
        guard let text = string(name) else { return nil }
        guard let value = UInt64(text) else {
            throw usage("\(name) must be a number in 0...\(UInt64.max), not \(text)")
        }
        return value
    }

    func double(_ name: String, in range: ClosedRange<Double>) throws(CommandExit) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw usage("\(name) must be a number in \(range.lowerBound)...\(range.upperBound), not \(text)")
        }
        return value
    }

    func choice(_ name: String, _ choices: [String]) throws(CommandExit) -> String? {
        guard let text = string(name) else { return nil }
        guard choices.contains(text) else {
            throw usage("\(name) must be one of \(choices.joined(separator: ", ")), not \(text)")
        }
        return text
    }

    /// A usage error for this command: the message, then the command's usage.
    func usage(_ message: String) -> CommandExit {
        CommandExit(.usage, message + "\n\n" + Help.usageLine(command) + "\nSee '\(command.displayName) --help'.")
    }
}
