import PushFakeCore

/// Every admin route (``AdminRoute``), in the order `GET /__pushfake/routes` and the OpenAPI document list them.
package enum AdminRoutes {
    /// Where the admin API lives, on the server and under each instance (`/i/{id}/__pushfake`).
    package static let prefix = "/__pushfake"

    private static let vendorFilter = AdminParameter.vendor("Only this vendor's (a registered vendor name, any case).")

    package static let health = AdminRoute(
        id: "getHealth", method: "GET", path: "/health", summary: "Whether the fake is up, and its journal's size.",
        responses: [.json(200, "Up.", AdminSchemas.ref("Health"))])
    package static let journal = AdminRoute(
        id: "getJournal", method: "GET", path: "/journal",
        summary: "The journal: every request the fake saw, oldest first, filtered.",
        query: [
            vendorFilter, .operation("Only this operation (of the vendor, when one is given)."),
            .string("app", "Only requests about this app."), .string("device", "Only requests about this device."),
            .integer("status", "Only answers with this status.", minimum: 100, maximum: 599),
            .choice("unmatched", "Only unmatched (true) or only routed (false) requests.", ["true", "false"]),
            .choice("faulted", "Only faulted (true) or unfaulted (false) requests.", ["true", "false"]),
            .integer("since", "Only entries after this sequence number.", minimum: 0),
            .choice("format", "json (default), jsonl (a recording) or har.", ["json", "jsonl", "har"]),
            .choice(
                "redactAppKeys",
                "true: the recording (jsonl, har) also replaces TPNS application keys by ${secret:tpns-app-key}.",
                ["true", "false"]),
        ],
        responses: [
            AdminResponse(
                status: 200, description: "The entries.",
                content: [
                    ("application/json", AdminSchemas.ref("JournalPage")), ("application/x-ndjson", nil),
                ]),
            .badRequest,
        ],
        queryAsObject: true)
    package static let clearJournal = AdminRoute(
        id: "clearJournal", method: "DELETE", path: "/journal",
        summary: "Clear the journal only; sequence numbers keep counting.",
        responses: [.json(200, "Done.", AdminSchemas.ref("JournalCleared"))])
    package static let reset = AdminRoute(
        id: "reset", method: "POST", path: "/reset",
        summary: "Forget devices, notifications, deliveries, journal and faults; the clock and ids start over.",
        responses: [.json(200, "Done.", AdminSchemas.ref("ResetDone"))])
    package static let listFaults = AdminRoute(
        id: "listFaults", method: "GET", path: "/faults", summary: "The fault rules with their counters.",
        responses: [
            .json(200, "The rules.", AdminSchemas.ref("FaultList"))
        ])
    package static let addFault = AdminRoute(
        id: "addFault", method: "POST", path: "/faults", summary: "Add a fault rule (docs/fault-rules.md).",
        body: .json("The rule.", AdminSchemas.ref("FaultRuleInput")),
        responses: [.json(201, "The rule as stored.", AdminSchemas.ref("FaultRule")), .badRequest])
    package static let clearFaults = AdminRoute(
        id: "clearFaults", method: "DELETE", path: "/faults", summary: "Remove every fault rule.",
        responses: [.json(200, "Done.", AdminSchemas.ref("FaultList"))])
    package static let removeFault = AdminRoute(
        id: "removeFault", method: "DELETE", path: "/faults/{id}", summary: "Remove one fault rule.",
        responses: [.json(200, "Done.", AdminSchemas.ref("FaultRemoved")), .error(404, "No rule has that id.")])
    package static let deliveries = AdminRoute(
        id: "listDeliveries", method: "GET", path: "/deliveries",
        summary: "What each device would have received, in creation order.",
        query: [
            vendorFilter, .string("device", "Only deliveries to this device."),
            .string("notification", "Only deliveries of this notification."),
            .string("app", "Only deliveries of this app."),
        ],
        responses: [
            .json(200, "The deliveries.", AdminSchemas.ref("DeliveryPage")),
            .badRequest,
        ])
    package static let clock = AdminRoute(
        id: "getClock", method: "GET", path: "/clock", summary: "The fake clock.",
        responses: [.json(200, "Now.", AdminSchemas.ref("Clock"))])
    package static let setClock = AdminRoute(
        id: "setClock", method: "POST", path: "/clock",
        summary: "Advance or set the clock; scheduled notifications that fall due are delivered.",
        body: .json("How to move it.", AdminSchemas.ref("ClockChange")),
        responses: [
            .json(200, "Now.", AdminSchemas.ref("Clock")), .badRequest,
            .error(409, "The move would take the clock out of 1970-01-01...9999-12-31; it is unchanged."),
        ])
    package static let devices = AdminRoute(
        id: "listDevices", method: "GET", path: "/devices", summary: "Every vendor's devices, by vendor name.",
        query: [vendorFilter],
        responses: [.json(200, "Devices by vendor.", AdminSchemas.ref("VendorViews")), .badRequest])
    package static let notifications = AdminRoute(
        id: "listNotifications", method: "GET", path: "/notifications",
        summary: "Every vendor's notifications (or sends), by vendor name.", query: [vendorFilter],
        responses: [.json(200, "Notifications by vendor.", AdminSchemas.ref("VendorViews")), .badRequest])
    package static let routes = AdminRoute(
        id: "listRoutes", method: "GET", path: "/routes", summary: "Every vendor route and admin route.",
        responses: [.json(200, "The routes.", AdminSchemas.ref("RouteList"))])
    package static let verify = AdminRoute(
        id: "verify", method: "POST", path: "/verify",
        summary: "Check the journal: how many requests match, or that matchers match in order.",
        body: .json("The expectation.", AdminSchemas.ref("Verify")),
        responses: [
            .json(200, "It holds.", AdminSchemas.ref("Outcome")),
            .json(409, "It does not; message has the closest miss and the journal.", AdminSchemas.ref("Outcome")),
            .badRequest,
        ])
    package static let wait = AdminRoute(
        id: "wait", method: "POST", path: "/wait",
        summary: "Answer as soon as enough requests match (no polling), or 408 after the timeout.",
        body: .json("What to wait for.", AdminSchemas.ref("Wait")),
        responses: [
            .json(200, "They arrived.", AdminSchemas.ref("Outcome")),
            .json(408, "Timed out; message has the closest miss and the journal.", AdminSchemas.ref("Outcome")),
            .badRequest,
            .error(410, "The instance was deleted while the wait was held; instance names it."),
            .error(503, "The server is shutting down."),
        ])
    package static let events = AdminRoute(
        id: "events", method: "GET", path: "/events",
        summary: "Server-sent events: journal entries (event: entry) and deliveries (event: delivery) as they happen.",
        query: [
            AdminParameter(
                name: "since",
                description:
                    "Replay what came after this position first: an event id of the stream (EPOCH:SEQ), or a "
                    + "sequence number of the current journal epoch. A position of another epoch replays the current "
                    + "epoch from its start, after a reset event.",
                schema: ["type": "string", "pattern": .string(EventPosition.pattern)])
        ],
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
        ])
    package static let state = AdminRoute(
        id: "getState", method: "GET", path: "/state",
        summary: "Apps, devices, notifications, inbox, deliveries, faults and clock as one document.",
        responses: [.json(200, "The state document.", AdminSchemas.ref("StateDump"))])
    package static let loadState = AdminRoute(
        id: "putState", method: "PUT", path: "/state", summary: "Replace the state with a document: all or nothing.",
        body: .json("The state document.", AdminSchemas.ref("State")),
        responses: [
            .json(
                200, "Loaded; what the state now holds, counted (GET /__pushfake/state dumps it).",
                AdminSchemas.ref("StateLoaded")),
            .badRequest,
            .error(413, "The document is larger than the server takes for state documents (--max-state-bytes)."),
        ])
    package static let apps = AdminRoute(
        id: "listApps", method: "GET", path: "/apps", summary: "The declared apps by vendor.",
        responses: [.json(200, "The apps.", AdminSchemas.ref("Apps"))])
    package static let declareApps = AdminRoute(
        id: "declareApps", method: "POST", path: "/apps",
        summary: "Declare apps at run time; a vendor with declared apps is strict about them.",
        body: .json("Apps by vendor.", AdminSchemas.ref("Apps")),
        responses: [
            .json(200, "The declared apps.", AdminSchemas.ref("Apps")), .badRequest,
            .error(409, "An app is declared already with other tokens; nothing changed."),
        ])
    package static let instances = AdminRoute(
        id: "listInstances", method: "GET", path: "/instances", summary: "The isolated instances.",
        responses: [
            .json(200, "The instances.", AdminSchemas.ref("InstanceList"))
        ],
        perInstance: false)
    package static let createInstance = AdminRoute(
        id: "createInstance", method: "POST", path: "/instances",
        summary: "Create an isolated instance: its own engine under /i/{id}/…",
        body: .json("Its configuration (optional).", AdminSchemas.ref("InstanceCreate"), required: false),
        responses: [
            .json(
                201, "The instance, its URLs and its journal limit (at most the server's).",
                AdminSchemas.ref("Instance")),
            .badRequest,
            .error(503, "The server has as many instances as it keeps (--max-instances, 1000 by default)."),
        ],
        perInstance: false)
    package static let deleteInstance = AdminRoute(
        id: "deleteInstance", method: "DELETE", path: "/instances/{id}", summary: "End an instance.",
        responses: [.json(200, "Done.", AdminSchemas.ref("InstanceDeleted")), .error(404, "No instance has that id.")],
        perInstance: false)
    package static let compareRecording = AdminRoute(
        id: "compareRecording", method: "POST", path: "/recordings/compare",
        summary: "Compare the journal with a JSON Lines recording (RecordingFormat.md).",
        query: [
            .integer(
                "maxDifferences", "List at most this many differences (default 100); the rest are counted.",
                minimum: RecordingDifference.limitRange.lowerBound, maximum: RecordingDifference.limitRange.upperBound)
        ],
        body: AdminBody(
            description:
                "The recording: JSON Lines as the body, or {\"recording\": …, \"ignore\": […], \"maxDifferences\": N}.",
            content: [
                ("application/x-ndjson", AdminSchemas.string),
                ("application/json", AdminSchemas.ref("RecordingCompare")),
            ]),
        responses: [
            .json(200, "The journal matches.", AdminSchemas.ref("Outcome")),
            .json(
                409, "It differs; message has the report, comparison the same for programs.",
                AdminSchemas.ref("RecordingOutcome")),
            .badRequest,
            .error(413, "The recording is larger than the server takes for recordings (--max-recording-bytes)."),
        ])
    package static let openAPI = AdminRoute(
        id: "getOpenAPI", method: "GET", path: "/openapi.json", summary: "This document.",
        responses: [.json(200, "OpenAPI 3.1.", ["type": "object"])])
    package static let dashboard = AdminRoute(
        id: "getDashboard", method: "GET", path: "/", summary: "The dashboard (HTML).",
        responses: [AdminResponse(status: 200, description: "The page.", content: [("text/html", nil)])])
    package static let dashboardAsset = AdminRoute(
        id: "getDashboardAsset", method: "GET", path: "/assets/{file}", summary: "The dashboard's script and styles.",
        responses: [
            AdminResponse(status: 200, description: "The file.", content: [("text/plain", nil)]),
            .error(404, "No such file."),
        ])

    /// Every route, in listing order.
    package static let all: [AdminRoute] = [
        health, journal, clearJournal, reset, listFaults, addFault, clearFaults, removeFault, deliveries, clock,
        setClock, devices, notifications, routes, verify, wait, events, state, loadState, apps, declareApps,
        instances, createInstance, deleteInstance, compareRecording, openAPI, dashboard, dashboardAsset,
    ]

    /// The route for a method and a path under the admin prefix (`/faults/f-1`), with its decoded parameters;
    /// `HEAD` is matched as `GET`. Under an instance (`inInstance`) only per-instance routes exist.
    package static func match(
        method: String, path: Substring, inInstance: Bool = false
    ) -> (route: AdminRoute, parameters: [String: String])? {
        let segments = path.split(separator: "/")
        let effective = method == "HEAD" ? "GET" : method
        for route in all where route.method == effective && (route.perInstance || !inInstance) {
            if let parameters = parameters(of: route, in: segments) { return (route, parameters) }
        }
        return nil
    }

    /// The methods some route allows for this path (the `Allow` header of a 405).
    package static func allowedMethods(path: Substring, inInstance: Bool = false) -> [String] {
        let segments = path.split(separator: "/")
        return all.filter { ($0.perInstance || !inInstance) && parameters(of: $0, in: segments) != nil }.map(\.method)
    }

    private static func parameters(of route: AdminRoute, in segments: [Substring]) -> [String: String]? {
        let template = route.segments
        guard template.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(template, segments) {
            if part.hasPrefix("{"), part.hasSuffix("}") {
                parameters[String(part.dropFirst().dropLast())] = PercentDecoding.decode(segment)
            } else if !part.utf8.elementsEqual(segment.utf8) {
                return nil
            }
        }
        return parameters
    }
}
