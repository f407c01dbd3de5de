import PushFakeCore

/// The engines with requests waiting on ``OffLoop``'s request worker, by engine.
///
/// While an engine has one (a large body being parsed and handled), its later requests join the worker's queue
/// behind it instead of waiting for the engine's lock on an event loop — which would stall every other connection
/// of that loop, health checks included, for as long as the large request holds the lock. They keep their order:
/// the queue runs them one after another, as the lock would have.
package final class HeavyRequests: Sendable {
    private let pending = Locked([ObjectIdentifier: Int]())

    package init() {}

    /// Whether `engine` has requests waiting on the worker.
    package func isBusy(_ engine: PushFake) -> Bool {
        pending.withLock { !$0.isEmpty && $0[ObjectIdentifier(engine)] != nil }
    }

    /// How many requests to `engine` wait on the worker or run there.
    package func pendingCount(_ engine: PushFake) -> Int {
        pending.withLock { $0[ObjectIdentifier(engine)] ?? 0 }
    }

    /// Runs `handle` on the worker for `engine` and answers with its reply when it is done. `handle` runs even when
    /// the client has left by then: the request arrived whole, so its effects happen as they would have on the loop.
    package func run(
        on engine: PushFake, _ handle: @escaping @Sendable () -> (reply: ServerReply, date: AnswerDate)
    ) -> ServerReply {
        let key = ObjectIdentifier(engine)
        pending.withLock { $0[key, default: 0] += 1 }
        return OffLoop.reply { [pending] in
            defer {
                pending.withLock { pending in
                    let left = (pending[key] ?? 1) - 1
                    pending[key] = left > 0 ? left : nil
                }
            }
            return handle()
        }
    }
}
