/// One vendor's mutable state in an engine, with its route handlers, tick and views bound to it. Only ever touched
/// under the engine's lock; a class, so handlers mutate the state in place without copying the engine state.
final class VendorSlot {
    typealias Handler = (inout VendorContext, inout VendorServices) -> FakeResponse

    /// One per route, in the definition's order: the router's route indexes.
    let handlers: [Handler]
    let tick: (inout VendorServices) -> Void
    /// A copy of the state with the vendor's read-only hooks bound to it (views, state section, apps, counts), to
    /// be read outside the engine's lock.
    let capture: () -> VendorStateSnapshot
    /// ``PushVendor/declaredApps(_:)`` of the state.
    let declaredApps: () -> JSON?
    /// ``PushVendor/declareApps(_:in:)`` on a copy of the state: the returned closure puts the copy in place, so
    /// that several vendors' declarations apply all or not at all.
    let prepareApps: (JSON) throws(JSONFieldError) -> () -> Void
    /// ``PushVendor/restore(_:into:services:)`` into the state (a slot that is not in use yet).
    let restore: (JSON, inout VendorServices) throws(JSONFieldError) -> Void
    /// The ``VendorStateBox`` the closures share, for ``PushFake/withVendorState(_:_:)``.
    let box: AnyObject

    init<State>(
        handlers: [Handler], box: VendorStateBox<State>, tick: @escaping (inout VendorServices) -> Void,
        capture: @escaping () -> VendorStateSnapshot, declaredApps: @escaping () -> JSON?,
        declareApps: @escaping (JSON, inout State) throws(JSONFieldError) -> Void,
        restore: @escaping (JSON, inout VendorServices) throws(JSONFieldError) -> Void
    ) {
        self.handlers = handlers
        self.tick = tick
        self.capture = capture
        self.declaredApps = declaredApps
        self.prepareApps = { json throws(JSONFieldError) in
            var copy = box.state
            try declareApps(json, &copy)
            return { [copy] in box.state = copy }
        }
        self.restore = restore
        self.box = box
    }

    /// Runs route `index`'s handler on `context` in place (what it notes stays there); returns its answer.
    func handle(
        route index: Int, _ context: inout VendorContext, _ services: inout VendorServices
    ) -> FakeResponse {
        // The router only hands out indexes of this vendor's routes; the guard keeps a mismatch from trapping.
        guard index >= 0, index < handlers.count else {
            return .json(500, ["error": .string("no handler for route \(index) of \(context.route.vendor)")])
        }
        return handlers[index](&context, &services)
    }
}

/// A vendor's state, shared by the closures of its ``VendorSlot``.
final class VendorStateBox<State> {
    /// The state in memory of its own, so that the handlers' `&box.state` under the engine's lock skips Swift's
    /// run-time exclusivity check of a class's `var` (see `Locked`).
    private let storage: UnsafeMutablePointer<State>

    var state: State {
        get { storage.pointee }
        _modify { yield &storage.pointee }
        set { storage.pointee = newValue }
    }

    init(_ state: State) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: state)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}
