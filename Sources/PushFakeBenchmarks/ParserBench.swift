import Dispatch
import PushFakeCore
import PushFakeHTTP
import PushFakeHTTP1

/// The HTTP/1.1 codec alone, and the seam that turns its requests into the engine's and the engine's responses
/// into bytes: nanoseconds per request, best of three rounds.
enum ParserBench {
    private static let body = String(repeating: "x", count: 150 - 32)
    private static let json = #"{"deviceId":"E621E1F8C36C495A","d":""# + body + #""}"#
    static let post = Array(
        ("POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: okhttp/4.12.0\r\n"
            + "Content-Type: application/json; charset=utf-8\r\nAccept: */*\r\nContent-Length: \(json.utf8.count)\r\n\r\n"
            + json).utf8)
    static let get = Array("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".utf8)
    static let chunked = Array(
        ("POST /api/v2/apps/a/notifications HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "40\r\n" + String(repeating: "c", count: 64) + "\r\n40\r\n" + String(repeating: "d", count: 64)
            + "\r\n0\r\n\r\n").utf8)
    static func run(iterations: Int) {
        print("iterations: \(iterations)")
        // What the loops compute is summed and printed only in an impossible case, so none of them is optimised away.
        var sink = 0
        sink &+= measure("POST, keep-alive parser", bytes: post.count, iterations) { parseOnConnection(post, $0) }
        sink &+= measure("POST, new parser each", bytes: post.count, iterations) { parseWithNewParser(post, $0) }
        sink &+= measure("GET, keep-alive parser", bytes: get.count, iterations) { parseOnConnection(get, $0) }
        sink &+= measure("chunked POST, keep-alive parser", bytes: chunked.count, iterations) {
            parseOnConnection(chunked, $0)
        }
        sink &+= measure("HTTP1Request -> FakeRequest (the seam)", bytes: post.count, iterations) { convert($0) }
        let head = HTTP1ResponseHead(
            status: 200, headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"])
        let body = Array(#"{"retCode":0,"errMsg":"","result":{}}"#.utf8)
        sink &+= measure("serialize HTTP1ResponseHead + body", bytes: 148, iterations) { serialize(head, body, $0) }
        let response = FakeResponse.json(200, bytes: body)
        sink &+= measure("serialize FakeResponse (the seam)", bytes: 148, iterations) { serialize(response, $0) }
        if sink == 42 { print("") }
    }

    /// Runs `body` (which performs `iterations` requests) three times and prints the best mean per request.
    private static func measure(_ label: String, bytes: Int, _ iterations: Int, _ body: (Int) -> Int) -> Int {
        var best = UInt64.max
        var sink = 0
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            sink &+= body(iterations)
            best = min(best, DispatchTime.now().uptimeNanoseconds - start)
        }
        let perCall = Int(Double(best) / Double(max(1, iterations)) + 0.5)
        print("\(label): \(perCall) ns per request (\(bytes) bytes)")
        return sink
    }

    /// A keep-alive connection: one parser, one request per read. This is the steady state of the server.
    private static func parseOnConnection(_ input: [UInt8], _ iterations: Int) -> Int {
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
    private static func parseWithNewParser(_ input: [UInt8], _ iterations: Int) -> Int {
        var total = 0
        for _ in 0..<iterations {
            var parser = HTTP1Parser()
            parser.append(input)
            guard case .request(let request) = parser.next() else { return -1 }
            total &+= request.body.count
        }
        return total
    }

    private static func convert(_ iterations: Int) -> Int {
        var parser = HTTP1Parser()
        parser.append(post)
        guard case .request(let request) = parser.next() else { return -1 }
        var total = 0
        for _ in 0..<iterations { total &+= FakeRequest(request).headers.count }
        return total
    }

    private static func serialize(_ head: HTTP1ResponseHead, _ body: [UInt8], _ iterations: Int) -> Int {
        var output: [UInt8] = []
        var total = 0
        for _ in 0..<iterations {
            output.removeAll(keepingCapacity: true)
            HTTP1Serializer.serialize(head, body: body, keepAlive: true, headRequest: false, into: &output)
            total &+= output.count
        }
        return total
    }

    private static func serialize(_ response: FakeResponse, _ iterations: Int) -> Int {
        var output: [UInt8] = []
        var total = 0
        for _ in 0..<iterations {
            output.removeAll(keepingCapacity: true)
            response.serialize(keepAlive: true, headRequest: false, into: &output)
            total &+= output.count
        }
        return total
    }
}
