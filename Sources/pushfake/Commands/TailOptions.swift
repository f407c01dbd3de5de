/// `pushfake tail`'s options: the server, the output, where to start, which instance, the event size limit.
struct TailOptions: ParsableOptions {
    var server = ServerOptions()
    var json = false
    var since: Int?
    var instance: String?
    var maxEventBytes = 64 << 20

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + [
            .flag("--json", \.json, "Print each journal entry as one JSON line (a recording), nothing else"),
            .value(
                "--since", \.since, "seq", .integer(in: 0...Int.max),
                "Replay the entries after this sequence number first (0: the whole journal)"),
            .value(
                "--instance", \.instance, "id", .instanceID, "Follow this instance (/i/<id>) of the server at --url"),
            .value(
                "--max-event-bytes", \.maxEventBytes, "n", .integer(in: 1_024...1 << 30),
                "Give up (exit 76) on an event, or a line, larger than n bytes (1024...1073741824, default 67108864)"),
        ]
    }
}

extension ValueRule where Value == String {
    /// An instance's id: printable ASCII without `/` (`3`).
    static var instanceID: ValueRule {
        .custom { text throws(OptionError) in
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: "/") }) else {
                throw .takes("an instance id such as 3", not: text)
            }
            return text
        }
    }
}
