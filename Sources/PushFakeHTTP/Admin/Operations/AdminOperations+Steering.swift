import PushFakeCore

extension AdminOperations {
    /// The answers of an expectation (verify, wait): an ``Outcome`` that holds (200) or not (`failure`), or a 400.
    static func outcomes(_ holds: String, _ failure: Int, _ fails: String) -> [AdminResponse] {
        [
            .output(200, holds), .output(failure, fails), .badRequest,
        ]
    }

    package static let verify = AdminOperation(
        id: "verify", method: "POST", path: "/verify",
        summary: "Check the journal: how many requests match, or that matchers match in order.",
        input: .wire(VerifyRequest.self, "The expectation.", as: "verification"), output: .wire(Outcome.self),
        responses: outcomes("It holds.", 409, "It does not; message has the closest miss and the journal."),
        reply: { context in
            let journal = context.fake.journal
            return OffLoop.answer(estimatedBytes: journal.usage.approximateBytes) {
                context.api.verify(context.request, journal: journal)
            }
        })

    package static let wait = AdminOperation(
        id: "wait", method: "POST", path: "/wait",
        summary: "Answer as soon as enough requests match (no polling), or 408 after the timeout.",
        input: .wire(WaitRequest.self, "What to wait for.", as: "wait"), output: .wire(Outcome.self),
        responses: outcomes("They arrived.", 408, "Timed out; message has the closest miss and the journal.") + [
            .error(410, "The instance was deleted while the wait was held; instance names it."),
            .error(503, "The server is shutting down."),
        ],
        reply: { $0.api.wait($0.request) })

    package static let events = AdminOperation(
        id: "events", method: "GET", path: "/events",
        summary: "Server-sent events: journal entries (event: entry) and deliveries (event: delivery) as they happen.",
        input: .query(EventsQuery.self), output: .bytes,
        headers: [
            AdminParameter(
                name: "Last-Event-ID",
                description:
                    "What a reconnecting EventSource sends: the same as since (which wins when both are given).",
                schema: ["type": "string", "pattern": .string(EventPosition.pattern)])
        ],
        responses: [
            AdminResponse(status: 200, description: "The event stream.", content: [("text/event-stream", nil)]),
            .badRequest,
            .error(503, "The server is shutting down."),
        ],
        reply: { $0.api.events($0.request) })

    package static let state = AdminOperation(
        id: "getState", method: "GET", path: "/state",
        summary: "Apps, devices, notifications, inbox, deliveries, faults and clock as one document.", input: .none,
        output: .wire(StateDump.self), responses: [.output(200, "The state document.")],
        reply: { context in
            let snapshot = context.fake.snapshot()
            return OffLoop.answer(estimatedBytes: snapshot.recordCount &* AdminAPI.bytesPerRecord) {
                .answer(200, snapshot.stateDump)
            }
        })

    package static let loadState = {
        var operation = AdminOperation(
            id: "putState", method: "PUT", path: "/state",
            summary: "Replace the state with a document: all or nothing.",
            input: .json("The state document.", AdminSchemas.ref("State")), output: .wire(StateSummary.self),
            responses: [
                .output(200, "Loaded; what the state now holds, counted (GET /__pushfake/state dumps it)."),
                .badRequest,
                .error(413, "The document is larger than the server takes for state documents (--max-state-bytes)."),
            ],
            reply: { .response($0.api.loadState($0.request)) })
        operation.upload = .state
        return operation
    }()

    package static let apps = AdminOperation(
        id: "listApps", method: "GET", path: "/apps", summary: "The declared apps by vendor.", input: .none,
        output: .wire(AppList.self), responses: [.output(200, "The apps.")],
        reply: { .response(.answer(200, $0.fake.appList)) })

    package static let declareApps = AdminOperation(
        id: "declareApps", method: "POST", path: "/apps",
        summary: "Declare apps at run time; a vendor with declared apps is strict about them.",
        input: .json("Apps by vendor.", AdminSchemas.ref("Apps")), output: .wire(AppList.self),
        responses: [
            .output(200, "The declared apps."), .badRequest,
            .error(409, "An app is declared already with other tokens; nothing changed."),
        ],
        reply: { .response($0.api.declareApps($0.request)) })

    package static let instances = AdminOperation(
        id: "listInstances", method: "GET", path: "/instances", summary: "The isolated instances.", input: .none,
        output: .wire(InstanceList.self),
        responses: [.output(200, "The instances.")],
        perInstance: false, reply: { .response($0.api.listInstances($0.request)) })

    package static let createInstance = AdminOperation(
        id: "createInstance", method: "POST", path: "/instances",
        summary: "Create an isolated instance: its own engine under /i/{id}/…",
        input: .wire(
            PushFakeConfiguration.self, "Its configuration (optional).", as: "instance configuration", required: false),
        output: .wire(InstanceAnswer.self),
        responses: [
            .output(201, "The instance, its URLs and its journal limit (at most the server's)."),
            .badRequest,
            .error(503, "The server has as many instances as it keeps (--max-instances, 1000 by default)."),
        ],
        perInstance: false, reply: { .response($0.api.createInstance($0.request)) })

    package static let deleteInstance = AdminOperation(
        id: "deleteInstance", method: "DELETE", path: "/instances/{id}", summary: "End an instance.",
        input: .path("id"), output: .wire(InstanceDeleted.self),
        responses: [.output(200, "Done."), .error(404, "No instance has that id.")],
        perInstance: false, reply: { .response($0.api.deleteInstance($0.parameters["id"] ?? "")) })

    package static let compareRecording = {
        var operation = AdminOperation(
            id: "compareRecording", method: "POST", path: "/recordings/compare",
            summary: "Compare the journal with a JSON Lines recording (RecordingFormat.md).",
            input: RecordingCompareInput.input, output: .wire(RecordingOutcome.self),
            responses: [
                .output(200, "The journal matches."),
                .output(409, "It differs; message has the report, comparison the same for programs."),
                .badRequest,
                .error(413, "The recording is larger than the server takes for recordings (--max-recording-bytes)."),
            ],
            reply: { context in
                let journal = context.fake.journal
                return OffLoop.answer(estimatedBytes: context.request.body.count &+ journal.usage.approximateBytes) {
                    context.api.compareRecording(context.request, journal: journal)
                }
            })
        operation.upload = .recording
        return operation
    }()

    /// The document is the answer's own description, so its output stays any JSON object: a schema of OpenAPI
    /// documents would not say more than the OpenAPI specification does.
    package static let openAPI = AdminOperation(
        id: "getOpenAPI", method: "GET", path: "/openapi.json", summary: "This document.", input: .none, output: .json,
        responses: [.json(200, "OpenAPI 3.1.", ["type": "object"])],
        reply: { context in
            let api = context.api
            return .response(
                .json(
                    200,
                    OpenAPIDocument.make(
                        baseURL: api.baseURL(for: context.request), vendors: api.fake.vendors,
                        operations: api.server.adminOperations)))
        })

    package static let dashboard = {
        var operation = AdminOperation(
            id: "getDashboard", method: "GET", path: "/", summary: "The dashboard (HTML).", input: .none,
            output: .bytes,
            responses: [AdminResponse(status: 200, description: "The page.", content: [("text/html", nil)])],
            reply: { .response($0.api.dashboard($0.request)) })
        operation.isStaticPage = true
        return operation
    }()

    package static let dashboardAsset = {
        var operation = AdminOperation(
            id: "getDashboardAsset", method: "GET", path: "/assets/{file}",
            summary: "The dashboard's script and styles.", input: .path("file"), output: .bytes,
            responses: [
                AdminResponse(status: 200, description: "The file.", content: [("text/plain", nil)]),
                .error(404, "No such file."),
            ],
            reply: { .response($0.api.dashboardAsset($0.parameters["file"] ?? "")) })
        operation.isStaticPage = true
        return operation
    }()
}

/// The query of `GET /__pushfake/events`: where to resume.
package struct EventsQuery: AdminQuery {
    package var since: String?

    package init() {}

    package static let fields: [AdminQueryField<EventsQuery>] = [
        AdminQueryField(
            parameter: AdminParameter(
                name: "since",
                description:
                    "Replay what came after this position first: an event id of the stream (EPOCH:SEQ), or a "
                    + "sequence number of the current journal epoch. A position of another epoch replays the current "
                    + "epoch from its start, after a reset event.",
                schema: ["type": "string", "pattern": .string(EventPosition.pattern)]),
            \.since)
    ]
}
