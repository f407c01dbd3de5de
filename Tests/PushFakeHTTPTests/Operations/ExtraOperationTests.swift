import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// `getGreeting`: the query of the operation this test adds.
struct GreetingQuery: AdminQuery {
    var name: String?
    var times: Int?

    init() {}

    static let fields: [AdminQueryField<GreetingQuery>] = [
        .text("name", \.name, "Whom to greet."),
        .integer("times", \.times, "How many times.", minimum: 1, maximum: 3),
    ]
}

/// `getGreeting`'s answer.
struct Greeting: WireType, Equatable {
    var text = ""
    var journalTotal = 0

    static let wire = WireDescription<Greeting>(
        name: "Greeting", Greeting(),
        fields: [
            .required("text", \.text, .text, "The greeting."),
            .required("journalTotal", \.journalTotal, .count, "How many requests the engine has seen."),
        ])
}

/// An admin operation declared outside PushFakeHTTP, with its handler: the server serves it, the OpenAPI document
/// describes it, the typed client calls it and `pushfake api` reaches it — from this one declaration.
final class ExtraOperationTests: XCTestCase {
    static let getGreeting = AdminOperation(
        id: "getGreeting", method: "GET", path: "/greeting", summary: "A greeting from the fake.",
        input: .query(GreetingQuery.self), output: .wire(Greeting.self),
        responses: [.json(200, "The greeting.", WireSchemas.ref("Greeting")), .badRequest],
        handler: { query, context throws(AdminFailure) in
            guard query.name != "nobody" else { throw AdminFailure(status: 422, "nobody cannot be greeted") }
            let words = Array(repeating: "Hello", count: query.times ?? 1).joined(separator: " ")
            return Greeting(text: "\(words), \(query.name ?? "world")!", journalTotal: context.fake.journal.totalCount)
        })

    private func startServer() throws -> PushFakeServer {
        var configuration = ServerConfiguration()
        configuration.adminOperations = [Self.getGreeting.erased]
        let server = PushFakeServer(configuration: configuration)
        try server.start()
        return server
    }

    private func client(_ server: PushFakeServer) -> AdminClient<LoopbackAdminTransport> {
        AdminClient(transport: LoopbackAdminTransport(host: "127.0.0.1", port: server.port))
    }

    func test_server_servesTheExtraOperation_withItsQueryCheckedByTheDeclaration() throws {
        let server = try startServer()
        defer { server.stop() }
        let answer = try LoopbackHTTPClient.exchange(port: server.port, "GET", "/__pushfake/greeting?name=Ada&times=2")
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(answer.json?["text"], "Hello Hello, Ada!")
        let bad = try LoopbackHTTPClient.exchange(port: server.port, "GET", "/__pushfake/greeting?times=9")
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.json?["error"]?.stringValue, "times must be a whole number in 1...3, not 9")
        let unknown = try LoopbackHTTPClient.exchange(port: server.port, "GET", "/__pushfake/greeting?nam=x")
        XCTAssertEqual(unknown.status, 400)
        XCTAssertTrue(unknown.json?["error"]?.stringValue?.contains("unknown query parameter nam") == true)
        let listed = try LoopbackHTTPClient.exchange(port: server.port, "GET", "/__pushfake/routes")
        XCTAssertTrue(listed.json?["admin"]?.arrayValue?.contains("GET /__pushfake/greeting") == true)
        // A server without the extra does not serve it.
        let plain = PushFakeServer()
        try plain.start()
        defer { plain.stop() }
        XCTAssertEqual(try LoopbackHTTPClient.exchange(port: plain.port, "GET", "/__pushfake/greeting").status, 404)
    }

    func test_openAPIDocument_describesTheExtraOperation_andItsOutputSchema() throws {
        let server = try startServer()
        defer { server.stop() }
        let document = try client(server).call(AdminOperations.openAPI)
        let operation = document["paths"]?["/__pushfake/greeting"]?["get"]
        XCTAssertEqual(operation?["operationId"], "getGreeting")
        let parameters = operation?["parameters"]?.arrayValue ?? []
        XCTAssertEqual(parameters.compactMap { $0["name"]?.stringValue }, ["name", "times"])
        XCTAssertEqual(parameters.last?["schema"]?["maximum"], 3)
        let schema = document["components"]?["schemas"]?["Greeting"]
        XCTAssertEqual(schema?["required"], ["text", "journalTotal"])
        XCTAssertEqual(schema?["additionalProperties"], false)
    }

    func test_typedClient_callsTheExtraOperation_andDecodesItsOutput() throws {
        let server = try startServer()
        defer { server.stop() }
        var query = GreetingQuery()
        query.name = "Grace Hopper & co"
        let greeting = try client(server).call(Self.getGreeting, query)
        XCTAssertEqual(greeting, Greeting(text: "Hello, Grace Hopper & co!", journalTotal: 0))
        query.name = "nobody"
        XCTAssertThrowsError(try client(server).call(Self.getGreeting, query)) { error in
            let failure = error as? AdminClientError
            XCTAssertEqual(failure?.status, 422)
            XCTAssertEqual(failure?.message, "nobody cannot be greeted")
            XCTAssertTrue(failure?.url.hasSuffix("/__pushfake/greeting?name=nobody") == true, "\(error)")
        }
    }

    func test_genericCLICommand_callsTheExtraOperation_fromTheServersDocument() throws {
        let server = try startServer()
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        let called = try PushFakeCommand.run(["api", "getGreeting", "name=Lin", "times=3", "--url", url])
        XCTAssertEqual(called.status, 0, called.stderr)
        XCTAssertEqual(try JSON.parse(called.stdout)["text"], "Hello Hello Hello, Lin!")
        let listed = try PushFakeCommand.run(["api", "--url", url])
        XCTAssertTrue(listed.stdout.contains("getGreeting\tGET /__pushfake/greeting\tA greeting from the fake."))
        let misspelt = try PushFakeCommand.run(["api", "getGreeting", "nme=Lin", "--url", url])
        XCTAssertEqual(misspelt.status, 64)
        XCTAssertTrue(misspelt.stderr.contains("getGreeting has no parameter nme; use name, times"), misspelt.stderr)
        let refused = try PushFakeCommand.run(["api", "getGreeting", "name=nobody", "--url", url])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stdout.contains("nobody cannot be greeted"))
    }
}
