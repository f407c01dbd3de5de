// Release-mode micro-benchmark of the HTTP/1.1 parser and serializer; run it with scripts/bench-parser.
// Compiled into the same module as the codec's sources (Sources/PushFakeHTTP1).

let body = String(repeating: "x", count: 150 - 32)
let json = #"{"deviceId":"E621E1F8C36C495A","d":""# + body + #""}"#
let post = Array(
    ("POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: okhttp/4.12.0\r\n"
        + "Content-Type: application/json; charset=utf-8\r\nAccept: */*\r\nContent-Length: \(json.utf8.count)\r\n\r\n"
        + json).utf8)
let get = Array("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".utf8)
let chunked = Array(
    ("POST /api/v2/apps/a/notifications HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "40\r\n" + String(repeating: "c", count: 64) + "\r\n40\r\n" + String(repeating: "d", count: 64)
        + "\r\n0\r\n\r\n").utf8)

let iterations = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
var sink = 0

/// Runs `body` (which performs `iterations` requests) three times and prints the best mean per request.
func measure(_ label: String, bytes: Int, _ body: () -> Int) {
    var best = Duration.seconds(1_000)
    for _ in 0..<3 {
        let clock = ContinuousClock()
        let start = clock.now
        sink &+= body()
        best = min(best, clock.now - start)
    }
    let nanoseconds = Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
    let perCall = Int(nanoseconds / Double(iterations) + 0.5)
    print("\(label): \(perCall) ns per request (\(bytes) bytes)")
}

/// A keep-alive connection: one parser, one request per read. This is the steady state of the server.
func parseOnConnection(_ input: [UInt8]) -> Int {
    var parser = HTTP1Parser()
    var total = 0
    for _ in 0..<iterations {
        parser.append(input)
        guard case .request(let request) = parser.next() else { return -1 }
        total &+= request.body.count
    }
    return total
}

/// A new parser per request, as for a connection that closes after each response.
func parseWithNewParser(_ input: [UInt8]) -> Int {
    var total = 0
    for _ in 0..<iterations {
        var parser = HTTP1Parser()
        parser.append(input)
        guard case .request(let request) = parser.next() else { return -1 }
        total &+= request.body.count
    }
    return total
}

func serializeResponses(_ response: HTTP1ResponseHead, body: [UInt8]) -> Int {
    var output: [UInt8] = []
    var total = 0
    for _ in 0..<iterations {
        output.removeAll(keepingCapacity: true)
        HTTP1Serializer.serialize(response, body: body, keepAlive: true, headRequest: false, into: &output)
        total &+= output.count
    }
    return total
}

let response = HTTP1ResponseHead(
    status: 200, headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"])
let responseBody = Array(#"{"retCode":0,"errMsg":"","result":{}}"#.utf8)

print("iterations: \(iterations)")
measure("POST, keep-alive parser", bytes: post.count) { parseOnConnection(post) }
measure("POST, new parser each", bytes: post.count) { parseWithNewParser(post) }
measure("GET, keep-alive parser", bytes: get.count) { parseOnConnection(get) }
measure("chunked POST, keep-alive parser", bytes: chunked.count) { parseOnConnection(chunked) }
measure("serialize JSON response", bytes: serializeResponses(response, body: responseBody) / iterations) {
    serializeResponses(response, body: responseBody)
}
if sink == 42 { print("") }
