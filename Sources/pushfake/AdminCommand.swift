import Foundation
import PushFakeCore
import PushFakeHTTP

/// `pushfake journal|faults|reset|clock|deliveries|devices`: the admin API of a running server, from the shell.
enum AdminCommand {
    static let names: Set<String> = ["journal", "faults", "reset", "clock", "deliveries", "devices"]

    static let usage = """
        USAGE: pushfake <admin command> [--url URL] [options]

        Talks to a running `pushfake serve` (URL from --url or $PUSHFAKE_URL, e.g. http://127.0.0.1:40123).
        Prints the response body; exits 0 on success, 1 on an error answer, 69 when the server is unreachable.

          journal [--format json|jsonl|har] [--vendor V] [--operation O] [--device D] [--since SEQ]
          faults [list]                 faults add '<rule JSON>'      faults clear      faults remove <id>
          reset
          clock [--advance SECONDS | --set 2026-02-01T00:00:00Z]
          deliveries [--vendor V] [--device D] [--notification N]
          devices [--vendor tpns|twinPush]
        """

    static func run(_ command: String, _ arguments: [String]) -> Never {
        var rest = arguments
        var url = ProcessInfo.processInfo.environment["PUSHFAKE_URL"]
        var query: [(String, String)] = []
        var positional: [String] = []
        while !rest.isEmpty {
            let argument = rest.removeFirst()
            if argument == "--help" || argument == "-h" {
                print(usage)
                exit(0)
            }
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            guard !rest.isEmpty else { usageError("\(argument) needs a value") }
            let value = rest.removeFirst()
            if argument == "--url" { url = value } else { query.append((String(argument.dropFirst(2)), value)) }
        }
        guard let url, let components = URLComponents(string: url), let host = components.host else {
            usageError("no server URL: pass --url or set PUSHFAKE_URL")
        }
        let port = components.port ?? 80
        let (method, path, body) = request(command, positional: positional, query: query)
        let target =
            "/__pushfake/" + path + encode(query.filter { command != "clock" || ($0.0 != "advance" && $0.0 != "set") })
        do {
            let client = try LoopbackHTTPClient(host: host, port: port, receiveTimeout: 30)
            guard let response = client.request(method, target, body: body) else {
                FileHandle.standardError.write(Data("pushfake: no response from \(url)\n".utf8))
                exit(69)
            }
            let output = FileHandle.standardOutput
            output.write(Data(response.body))
            if response.body.last != UInt8(ascii: "\n") { output.write(Data("\n".utf8)) }
            exit((200..<300).contains(response.status) ? 0 : 1)
        } catch {
            FileHandle.standardError.write(Data("pushfake: cannot reach \(url): \(error)\n".utf8))
            exit(69)
        }
    }

    private static func request(
        _ command: String, positional: [String], query: [(String, String)]
    ) -> (String, String, String?) {
        switch (command, positional.first) {
        case ("faults", nil), ("faults", "list"?): return ("GET", "faults", nil)
        case ("faults", "add"?):
            guard positional.count == 2 else { usageError("faults add takes one JSON rule") }
            return ("POST", "faults", positional[1])
        case ("faults", "clear"?): return ("DELETE", "faults", nil)
        case ("faults", "remove"?):
            guard positional.count == 2 else { usageError("faults remove takes a rule id") }
            return ("DELETE", "faults/" + positional[1], nil)
        case ("reset", nil): return ("POST", "reset", nil)
        case ("clock", nil):
            if let advance = query.first(where: { $0.0 == "advance" })?.1 {
                guard Double(advance) != nil else { usageError("--advance takes seconds") }
                return ("POST", "clock", #"{"advance":\#(advance)}"#)
            }
            if let set = query.first(where: { $0.0 == "set" })?.1 {
                return ("POST", "clock", JSON.object(["set": .string(set)]).serializedString())
            }
            return ("GET", "clock", nil)
        case (_, nil) where ["journal", "deliveries", "devices"].contains(command): return ("GET", command, nil)
        default: usageError("unexpected argument \(positional.first ?? "") for \(command)")
        }
    }

    private static func encode(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return "?"
            + query.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
            }.joined(separator: "&")
    }

    private static func usageError(_ message: String) -> Never {
        FileHandle.standardError.write(Data("pushfake: \(message)\n\n\(usage)\n".utf8))
        exit(64)
    }
}
