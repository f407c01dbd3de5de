import PushFakeCore

/// Why the server ends answers it holds open (waits, event streams) with a final answer of their own.
package enum HoldEnding: Sendable, Equatable {
    /// The server stops (``PushFakeServer/stop()``, `pushfake serve` on SIGTERM).
    case shutdown
    /// The instance the answer belongs to was deleted (`DELETE /__pushfake/instances/{id}`).
    case instanceDeleted(String)
}

/// The waits a server holds open, by engine: how a wait learns that its instance was deleted or that the server
/// stops, so it answers at once (410, 503) instead of holding its connection and the engine until its timeout.
package final class HeldReplies: Sendable {
    private struct Hold {
        let engine: ObjectIdentifier
        let end: @Sendable (HoldEnding) -> Void
    }

    private struct State {
        var holds: [Int: Hold] = [:]
        var nextToken = 1
        /// `false` while the server is stopped or stopping: nothing new is held.
        var open = true
    }

    private let state = Locked(State())

    package init() {}

    /// Registers a held answer of `engine`; `end` is called at most once, outside any lock, when it must end.
    /// - Returns: a token for ``release(_:)``, or `nil` when the server is stopping (answer at once instead).
    package func hold(for engine: PushFake, end: @escaping @Sendable (HoldEnding) -> Void) -> Int? {
        state.withLock { state in
            guard state.open else { return nil }
            let token = state.nextToken
            state.nextToken += 1
            state.holds[token] = Hold(engine: ObjectIdentifier(engine), end: end)
            return token
        }
    }

    /// Forgets a held answer that has ended on its own (answered, timed out, client gone).
    package func release(_ token: Int) {
        _ = state.withLock { $0.holds.removeValue(forKey: token) }
    }

    /// Ends every answer held for `engine`.
    package func end(heldFor engine: PushFake, _ ending: HoldEnding) {
        let id = ObjectIdentifier(engine)
        let ended = state.withLock { state -> [Hold] in
            let matching = state.holds.filter { $0.value.engine == id }
            for token in matching.keys { state.holds.removeValue(forKey: token) }
            return Array(matching.values)
        }
        for hold in ended { hold.end(ending) }
    }

    /// Ends every held answer and takes no more until ``reopen()``: the server stops.
    package func close(_ ending: HoldEnding) {
        let ended = state.withLock { state -> [Hold] in
            state.open = false
            defer { state.holds = [:] }
            return Array(state.holds.values)
        }
        for hold in ended { hold.end(ending) }
    }

    /// Takes held answers again: the server (re)starts.
    package func reopen() {
        state.withLock { $0.open = true }
    }

    /// The number of answers held now.
    package var count: Int { state.withLock { $0.holds.count } }
}
