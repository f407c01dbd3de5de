import PushFakeCore

/// `pushfake verify`'s options: the server, a matcher and count, or matchers in order, or a recording to compare.
struct VerifyOptions: ParsableOptions {
    var server = ServerOptions()
    var matcher = MatcherOptions()
    var inOrder: JSON?
    var recording: String?
    var ignore: [String] = []
    var maxDifferences: Int?
    var noDeliveryProblems = false
    var ignoreProblems: [String] = []

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + MatcherOptions.options.within(\.matcher) + [
            .value(
                "--in-order", \.inOrder, "json", .json("a JSON array of matchers") { $0.arrayValue != nil },
                "A JSON array of matchers that must match in this order"),
            .value(
                "--recording", \.recording, "file", .file, "Compare the journal with this JSON Lines recording instead"),
            .value(
                "--ignore", \.ignore, "path", .text, "With --recording: a dotted path to leave out of the comparison"),
            .value(
                "--max-differences", \.maxDifferences, "n", .integer(in: RecordingDifference.limitRange),
                "With --recording: list at most n differences (1...1000000, default 100); the rest are counted"),
            .flag(
                "--no-delivery-problems", \.noDeliveryProblems,
                "Check that no delivery was refused or has a warning instead"),
            .value(
                "--ignore-problem", \.ignoreProblems, "code", .text,
                "With --no-delivery-problems: a problem code to let pass"),
        ]
    }
}

/// `pushfake wait`'s options: the server, a matcher and count, and how long to wait.
struct WaitOptions: ParsableOptions {
    var server = ServerOptions()
    var matcher = MatcherOptions()
    var timeout = 10.0

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + MatcherOptions.options.within(\.matcher) + [
            .value(
                "--timeout", \.timeout, "seconds", .number(in: 0...WaitRequest.maximumTimeout),
                "How long to wait (default 10, at most 3600)")
        ]
    }
}
