extension PushFake {
    /// Reads a registered vendor's state under the engine's lock, e.g. to write query helpers for a plug-in vendor.
    ///
    /// ```swift
    /// extension PushFake {
    ///     var acmeMessages: [JSON] { withVendorState(Acme.self) { $0.messages } ?? [] }
    /// }
    /// ```
    /// Keep `body` quick and never call the engine from it.
    /// - Returns: `nil` when no vendor of that type is registered (with two, the first registered).
    public func withVendorState<Definition: PushVendor, Result>(
        _ vendor: Definition.Type, _ body: (Definition.State) throws -> Result
    ) rethrows -> Result? {
        let type = ObjectIdentifier(Definition.self)
        guard let index = vendors.entries.firstIndex(where: { $0.definitionType == type }) else { return nil }
        return try state.withLock { state in
            guard state.vendorSlots.indices.contains(index),
                let box = state.vendorSlots[index].box as? VendorStateBox<Definition.State>
            else { return nil }
            return try body(box.state)
        }
    }

    /// One vendor's view of its state (``VendorView/devices``, ``VendorView/notifications``, …); `nil` when the
    /// vendor is not registered or has no such view. Built outside the engine's lock, from a copy of the state.
    public func view(_ view: VendorView, of vendor: Vendor) -> JSON? {
        snapshot().view(view, of: vendor)
    }

    /// Every vendor's view, in registration order, leaving out vendors without one. Built outside the engine's
    /// lock from one copy of the state taken under it, so the views are consistent with each other.
    public func views(_ view: VendorView) -> [(vendor: Vendor, json: JSON)] {
        snapshot().views(view)
    }
}
