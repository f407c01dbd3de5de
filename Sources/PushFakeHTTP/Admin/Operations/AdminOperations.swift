import PushFakeCore

/// Every admin operation of PushFake (``AdminOperation``), in the order `GET /__pushfake/routes` and the OpenAPI
/// document list them. A server serves these and its configuration's extras (``AdminOperationTable``).
package enum AdminOperations {
    /// Where the admin API lives, on the server and under each instance (`/i/{id}/__pushfake`).
    package static let prefix = "/__pushfake"

    static let vendorFilter = "Only this vendor's (a registered vendor name, any case)."

    /// Every built-in operation, in listing order.
    package static let all: [AnyAdminOperation] = [
        health.erased, journal.erased, clearJournal.erased, reset.erased, listFaults.erased, addFault.erased,
        clearFaults.erased, removeFault.erased, deliveries.erased, clock.erased, setClock.erased, devices.erased,
        notifications.erased, routes.erased, vendors.erased, verify.erased, wait.erased, events.erased, state.erased,
        loadState.erased, apps.erased, declareApps.erased, instances.erased, createInstance.erased,
        deleteInstance.erased, compareRecording.erased, openAPI.erased, dashboard.erased, dashboardAsset.erased,
    ]

    package static let health = {
        var operation = AdminOperation(
            id: "getHealth", method: "GET", path: "/health", summary: "Whether the fake is up, and its journal's size.",
            input: .none, output: .wire(HealthAnswer.self), responses: [.output(200, "Up.")],
            reply: { .response($0.api.health()) })
        operation.isLockFree = true
        return operation
    }()

    package static let journal = AdminOperation(
        id: "getJournal", method: "GET", path: "/journal",
        summary: "The journal: every request the fake saw, oldest first, filtered.", input: .query(JournalQuery.self),
        output: .wire(JournalPage.self),
        responses: [
            AdminResponse(
                status: 200, description: "The entries.",
                content: [("application/json", AdminSchemas.ref("JournalPage")), ("application/x-ndjson", nil)]),
            .badRequest,
        ],
        queryAsObject: true, reply: { $0.api.journalReply($0.request) })

    package static let clearJournal = AdminOperation(
        id: "clearJournal", method: "DELETE", path: "/journal",
        summary: "Clear the journal only; sequence numbers keep counting.", input: .none,
        output: .wire(JournalCleared.self), responses: [.output(200, "Done.")],
        reply: { context in
            let fake = context.fake
            fake.clearJournal()
            return .response(.answer(200, JournalCleared(nextSequence: fake.journal.totalCount &+ 1)))
        })

    package static let reset = AdminOperation(
        id: "reset", method: "POST", path: "/reset",
        summary: "Forget devices, notifications, deliveries, journal and faults; the clock and ids start over.",
        input: .none, output: .wire(ResetDone.self), responses: [.output(200, "Done.")],
        reply: { context in
            context.fake.reset()
            return .response(.answer(200, ResetDone()))
        })

    package static let listFaults = AdminOperation(
        id: "listFaults", method: "GET", path: "/faults", summary: "The fault rules with their counters.",
        input: .none, output: .wire(FaultList.self),
        responses: [.output(200, "The rules.")],
        reply: { .response(.answer(200, FaultList(faults: $0.fake.faultRules))) })

    package static let addFault = AdminOperation(
        id: "addFault", method: "POST", path: "/faults", summary: "Add a fault rule (docs/fault-rules.md).",
        input: .wire(FaultRuleSpec.self, "The rule.", as: "fault rule"), output: .wire(FaultRule.self),
        responses: [.output(201, "The rule as stored."), .badRequest],
        reply: { .response($0.api.addFault($0.request)) })

    package static let clearFaults = AdminOperation(
        id: "clearFaults", method: "DELETE", path: "/faults", summary: "Remove every fault rule.", input: .none,
        output: .wire(FaultList.self), responses: [.output(200, "Done.")],
        reply: { context in
            context.fake.removeAllFaults()
            return .response(.answer(200, FaultList()))
        })

    package static let removeFault = AdminOperation(
        id: "removeFault", method: "DELETE", path: "/faults/{id}", summary: "Remove one fault rule.",
        input: .path("id"), output: .wire(FaultRemoved.self),
        responses: [.output(200, "Done."), .error(404, "No rule has that id.")],
        reply: { .response($0.api.removeFault($0.parameters["id"] ?? "")) })

    package static let deliveries = AdminOperation(
        id: "listDeliveries", method: "GET", path: "/deliveries",
        summary: "What each device would have received, in creation order.", input: .query(DeliveriesQuery.self),
        output: .wire(DeliveryPage.self),
        responses: [
            .output(200, "The deliveries."), .badRequest,
        ],
        reply: { context in
            let snapshot = context.fake.snapshot()
            return OffLoop.answer(estimatedBytes: snapshot.deliveries.count &* AdminAPI.bytesPerRecord) {
                context.api.deliveries(context.request, from: snapshot)
            }
        })

    package static let clock = AdminOperation(
        id: "getClock", method: "GET", path: "/clock", summary: "The fake clock.", input: .none,
        output: .wire(ClockReading.self),
        responses: [.output(200, "Now.")], reply: { .response($0.api.clock()) })

    package static let setClock = AdminOperation(
        id: "setClock", method: "POST", path: "/clock",
        summary: "Advance or set the clock; scheduled notifications that fall due are delivered.",
        input: .wire(ClockCommand.self, "How to move it.", as: "clock change"), output: .wire(ClockReading.self),
        responses: [
            .output(200, "Now."), .badRequest,
            .error(409, "The move would take the clock out of 1970-01-01...9999-12-31; it is unchanged."),
        ],
        reply: { .response($0.api.setClock($0.request)) })

    package static let devices = AdminOperation(
        id: "listDevices", method: "GET", path: "/devices", summary: "Every vendor's devices, by vendor name.",
        input: .query(VendorQuery.self), output: .wire(DeviceViews.self),
        responses: [.output(200, "Devices by vendor."), .badRequest],
        reply: { $0.api.vendorViewReply(.devices, $0.request) })

    package static let notifications = AdminOperation(
        id: "listNotifications", method: "GET", path: "/notifications",
        summary: "Every vendor's notifications (or sends), by vendor name.", input: .query(VendorQuery.self),
        output: .wire(NotificationViews.self),
        responses: [.output(200, "Notifications by vendor."), .badRequest],
        reply: { $0.api.vendorViewReply(.notifications, $0.request) })

    package static let routes = AdminOperation(
        id: "listRoutes", method: "GET", path: "/routes", summary: "Every vendor route and admin route.",
        input: .none, output: .wire(RouteList.self), responses: [.output(200, "The routes.")],
        reply: { .response($0.api.routes()) })

    package static let vendors = AdminOperation(
        id: "listVendors", method: "GET", path: "/vendors",
        summary: "The registered vendors: name, display name, base path and how the dashboard draws them.",
        input: .none, output: .wire(VendorList.self), responses: [.output(200, "The vendors.")],
        reply: { .response(.answer(200, VendorList($0.fake.vendors))) })
}
