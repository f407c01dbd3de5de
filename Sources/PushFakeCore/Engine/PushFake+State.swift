extension PushFake {
    /// The version of the state document that ``stateSnapshot()`` writes and ``loadState(_:)`` reads.
    public static let stateVersion = 1

    /// Everything the engine holds except the journal, as one JSON document (StateFormat.md): the clock, the id
    /// counters and seed, declared apps, each vendor's state (``PushVendor/snapshot(_:)``), the deliveries and the
    /// fault rules with their counters. Loading it into an engine with the same vendors and dumping again gives the
    /// same bytes, and later ids, deliveries and probabilistic faults continue as in this engine.
    ///
    /// Times are written to the millisecond. A `.satisfies` predicate in a fault rule is written as `satisfies`,
    /// which loading refuses.
    public func stateSnapshot() -> JSON {
        snapshot().stateDocument()
    }

    /// Everything the engine holds except the journal, copied under the lock; read it outside.
    package func snapshot() -> EngineSnapshot {
        let names = vendors.vendors
        let kinds = idKinds
        return state.withLock { state in
            EngineSnapshot(vendors: names, slots: state.vendorSlots, state: state, idKinds: kinds)
        }
    }

    /// Replaces the engine's state with a state document (StateFormat.md), as `PUT /__pushfake/state` does: a
    /// fresh engine of this configuration, then the document added to it. Absent sections are empty (or, for
    /// `clock` and `ids`, as configured). The journal is not part of the state and stays as it is.
    ///
    /// All or nothing: the new state is built completely before it replaces the old one under the engine's lock;
    /// when the document is wrong, nothing changes.
    /// - Throws: ``StateError`` naming the JSON path and what was expected.
    public func loadState(_ json: JSON) throws(StateError) {
        _ = try load([json], numbered: false)
    }

    /// ``loadState(_:)``, returning a snapshot of the state as loaded (what `PUT /__pushfake/state` summarizes).
    package func loadStateSnapshot(_ json: JSON) throws(StateError) -> EngineSnapshot {
        try load([json], numbered: false)
    }

    /// Loads several state documents into one fresh state, in order (`pushfake serve --state A --state B`): each
    /// adds its apps, devices, notifications, inbox items, deliveries and fault rules; an id, device or rule that
    /// two documents both give is an error, and so is a `clock` or `ids` section in more than one document
    /// (StateFormat.md, "Several documents").
    /// - Throws: ``StateError`` with the index of the document at fault.
    public func loadState(documents: [JSON]) throws(StateError) {
        _ = try load(documents, numbered: true)
    }

    private func load(_ documents: [JSON], numbered: Bool) throws(StateError) -> EngineSnapshot {
        let loaded = try StateLoader(configuration: configuration, vendors: vendors, idKinds: idKinds)
            .load(documents, numbered: numbered)
        let snapshot = EngineSnapshot(
            vendors: vendors.vendors, slots: loaded.vendorSlots, clock: loaded.clock, services: loaded.services,
            faultGenerator: loaded.faultGenerator, faultRules: loaded.faultRules,
            nextFaultNumber: loaded.nextFaultNumber, idKinds: idKinds)
        let (replaced, news) = state.withLock { state in
            let old = (state.services, state.faultRules, state.vendorSlots)
            state.clock = loaded.clock
            publishClock(loaded.clock)
            state.services = loaded.services
            state.faultGenerator = loaded.faultGenerator
            state.faultRules = loaded.faultRules
            state.nextFaultNumber = loaded.nextFaultNumber
            state.vendorSlots = loaded.vendorSlots
            state.tickDeliveries = []
            return (old, state.watcherNews)
        }
        news.tell(.stateReplaced)
        // The state it replaced is freed here, after the lock: freeing a large one takes a while.
        withExtendedLifetime(replaced) {}
        return snapshot
    }

    /// Replaces the journal with `journal` (one ``Journal/init(restoring:limit:totalCount:droppedCount:)`` built):
    /// how a test fixture makes a local copy of a remote engine, state and journal, for reading. A new journal epoch
    /// begins.
    package func replaceJournal(_ journal: Journal) {
        let (old, news) = state.withLock { state in
            let old = state.journal
            state.journal = journal
            state.journalEpoch &+= 1
            publishUsage(of: journal)
            return (old, state.watcherNews)
        }
        news.tell(.journalRestarted(JournalRestart(cause: .journalReplaced, nextSequence: journal.totalCount &+ 1)))
        withExtendedLifetime(old) {}
    }

    /// The id kinds of the engine and its vendors: the counters of the `ids` section.
    var idKinds: [IDKind] { [.delivery] + vendors.entries.flatMap(\.idKinds) }
}
