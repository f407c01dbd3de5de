import PushFakeCore

/// The isolated engines one server hosts besides its own: each under `/i/{id}/…`, sharing nothing — ids, clock,
/// journal, faults, apps. `POST /__pushfake/instances` makes one, `DELETE /__pushfake/instances/{id}` ends it.
package final class InstanceRegistry: Sendable {
    /// At most this many instances live at once: each holds a journal, so an unbounded number is unbounded memory
    /// (``ServerConfiguration/maxInstances``, `pushfake serve --max-instances`).
    package let limit: Int

    private struct State {
        /// By id, compared by bytes (FakeBehaviour.md, Identity).
        var engines: [WireKey: PushFake] = [:]
        var order: [String] = []
        var nextNumber = 1
    }

    private let state = Locked(State())

    package init(limit: Int = ServerConfiguration.defaultMaxInstances) {
        self.limit = max(0, limit)
    }

    /// Adds an engine and returns its id (`1`, `2`, … in creation order, never reused); `nil` at the limit.
    package func add(_ fake: PushFake) -> String? {
        state.withLock { state in
            guard state.engines.count < limit else { return nil }
            let id = String(state.nextNumber)
            state.nextNumber += 1
            state.engines[WireKey(id)] = fake
            state.order.append(id)
            return id
        }
    }

    /// The engine of an instance.
    package func engine(_ id: some StringProtocol) -> PushFake? {
        state.withLock { $0.engines[WireKey(String(id))] }
    }

    /// Ends an instance and returns its engine; `nil` when there is none with that id.
    package func remove(_ id: String) -> PushFake? {
        state.withLock { state in
            guard let engine = state.engines.removeValue(forKey: WireKey(id)) else { return nil }
            state.order.removeAll { $0.hasSameBytes(as: id) }
            return engine
        }
    }

    /// The live instances in creation order.
    package var all: [(id: String, fake: PushFake)] {
        state.withLock { state in state.order.compactMap { id in state.engines[WireKey(id)].map { (id, $0) } } }
    }
}

/// Where a request goes: the path's optional `/i/{id}` prefix, and the rest.
package enum InstancePath {
    /// `/i/7/TPNS/api/device/register` → (`7`, `/TPNS/api/device/register`); `nil` for a path not under `/i/`.
    /// Repeated slashes are tolerated (`//i//7//…`), as everywhere else.
    /// Walks bytes, not characters: a path over HTTP is visible ASCII (the parser refuses anything else), where the
    /// two agree, and the walk runs for every request (Performance.md).
    package static func split(_ path: String) -> (id: Substring, rest: Substring)? {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        var index = bytes.startIndex
        func segment() -> Substring? {
            while index < bytes.endIndex, bytes[index] == slash { index = bytes.index(after: index) }
            guard index < bytes.endIndex else { return nil }
            let start = index
            while index < bytes.endIndex, bytes[index] != slash { index = bytes.index(after: index) }
            return path[start..<index]
        }
        // Most paths do not begin with `/i/`: one byte rules them out before any substring is made.
        guard bytes.first(where: { $0 != slash }) == UInt8(ascii: "i"), segment() == "i", let id = segment() else {
            return nil
        }
        let rest = path[index...]
        return (id, rest.isEmpty ? "/" : rest)
    }
}
