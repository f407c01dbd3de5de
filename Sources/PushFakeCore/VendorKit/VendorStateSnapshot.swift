/// One vendor's state as it was when an ``EngineSnapshot`` was taken, with the vendor's read-only hooks bound to
/// it: views, state document section, declared apps and record counts are built from it outside the engine's lock.
///
/// The state is a copy of a value (``PushVendor/State``), so taking it under the lock costs a few reference counts;
/// the engine's next change to the live state copies what it changes (copy on write) while the snapshot is alive.
struct VendorStateSnapshot: Sendable {
    /// ``PushVendor/view(_:of:)``.
    let view: @Sendable (VendorView) -> JSON?
    /// ``PushVendor/snapshot(_:)``.
    let snapshot: @Sendable () -> JSON?
    /// ``PushVendor/declaredApps(_:)``.
    let declaredApps: @Sendable () -> JSON?
    /// ``PushVendor/recordCounts(of:)``.
    let recordCounts: @Sendable () -> [(name: String, count: Int)]

    init<Definition: PushVendor>(_ definition: Definition, state: Definition.State) {
        view = { definition.view($0, of: state) }
        snapshot = { definition.snapshot(state) }
        declaredApps = { definition.declaredApps(state) }
        recordCounts = { definition.recordCounts(of: state) }
    }
}
