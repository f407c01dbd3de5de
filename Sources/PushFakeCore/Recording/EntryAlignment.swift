/// Pairs the recorded lines with the current entries, so that one request more or less is reported as that one
/// request and not as a difference in every entry after it (RecordingFormat.md, "Comparing with a recording").
///
/// Entries are matched on what identifies a request — method, route (or path when unmatched), app and device — with
/// the shortest edit script between the two lists (Myers' algorithm, after the common head and tail are taken off).
/// Within each stretch the script does not match, a recorded and a current entry of the same method and route are
/// still paired, in order, and compared field by field: a device that changed is one difference, not a missing and an
/// extra entry. Past ``maximumEdits`` edits the rest is paired by position.
enum EntryAlignment {
    /// One step of the alignment, by 0-based index.
    enum Step: Equatable {
        case pair(recorded: Int, current: Int)
        case recordedOnly(Int)
        case currentOnly(Int)
    }

    /// How many insertions and deletions the edit script may have before the lists are paired by position: bounds
    /// the time (edits × entries) and memory (edits²) a very different recording costs.
    static let maximumEdits = 1_000

    static func align(recorded: [JSON], current: [JSON]) -> [Step] {
        var ids: [String: Int] = [:]
        func id(_ key: String) -> Int {
            if let known = ids[key] { return known }
            ids[key] = ids.count
            return ids.count &- 1
        }
        let fine = (recorded.map { id(key($0, fine: true)) }, current.map { id(key($0, fine: true)) })
        // A line that is not a JSON object pairs with anything in its gap, so that it is shown next to what stands
        // in its place.
        func coarseID(_ line: JSON) -> Int { line.objectValue == nil ? wildcard : id(key(line, fine: false)) }
        let coarse = (recorded.map(coarseID), current.map(coarseID))
        let script = editScript(fine.0, fine.1)
        return pairWithinGaps(script, coarse: coarse)
    }

    private static let wildcard = -1

    /// `method route app device`, or `method route` for the coarse key.
    private static func key(_ line: JSON, fine: Bool) -> String {
        let route = line["route"]?.stringValue ?? line["request"]?["path"]?.serializedString() ?? ""
        var key = (line["request"]?["method"]?.serializedString() ?? "") + " " + route
        if fine {
            key += " " + (line["app"]?.serializedString() ?? "") + " " + (line["device"]?.serializedString() ?? "")
        }
        return key
    }

    /// The edit script from `a` to `b`: common head and tail, Myers in between (or pairing by position there).
    static func editScript(_ a: [Int], _ b: [Int]) -> [Step] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head &+= 1 }
        var tail = 0
        while tail < a.count &- head, tail < b.count &- head, a[a.count &- 1 &- tail] == b[b.count &- 1 &- tail] {
            tail &+= 1
        }
        let middleA = Array(a[head..<(a.count &- tail)])
        let middleB = Array(b[head..<(b.count &- tail)])
        var steps = (0..<head).map { Step.pair(recorded: $0, current: $0) }
        let middle =
            myers(middleA, middleB)
            ?? (0..<max(middleA.count, middleB.count)).map { index -> Step in
                if index < middleA.count, index < middleB.count { return .pair(recorded: index, current: index) }
                return index < middleA.count ? .recordedOnly(index) : .currentOnly(index)
            }
        for step in middle {
            switch step {
            case .pair(let r, let c): steps.append(.pair(recorded: r &+ head, current: c &+ head))
            case .recordedOnly(let r): steps.append(.recordedOnly(r &+ head))
            case .currentOnly(let c): steps.append(.currentOnly(c &+ head))
            }
        }
        for offset in 0..<tail {
            steps.append(.pair(recorded: a.count &- tail &+ offset, current: b.count &- tail &+ offset))
        }
        return steps
    }

    /// The shortest edit script (Myers 1986, the greedy forward version with its trace kept for the way back), or
    /// `nil` when it needs more than ``maximumEdits`` edits.
    private static func myers(_ a: [Int], _ b: [Int]) -> [Step]? {
        let n = a.count
        let m = b.count
        let limit = min(n &+ m, maximumEdits)
        let offset = limit &+ 1
        var v = [Int](repeating: 0, count: 2 &* limit &+ 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(v[(offset &- d)...(offset &+ d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset &+ k &- 1] < v[offset &+ k &+ 1]))
                    ? v[offset &+ k &+ 1] : v[offset &+ k &- 1] &+ 1
                var y = x &- k
                while x < n, y < m, a[x] == b[y] {
                    x &+= 1
                    y &+= 1
                }
                v[offset &+ k] = x
                if x >= n, y >= m { return backtrack(trace, n: n, m: m) }
            }
        }
        return nil
    }

    /// Walks the trace back from the end; `trace[d]` holds `v[-d…d]` as it was before step `d`.
    private static func backtrack(_ trace: [[Int]], n: Int, m: Int) -> [Step] {
        var steps: [Step] = []
        var x = n
        var y = m
        for d in stride(from: trace.count &- 1, through: 0, by: -1) {
            let v = trace[d]
            func at(_ k: Int) -> Int { v[k &+ d] }
            let k = x &- y
            let previousK = (k == -d || (k != d && at(k &- 1) < at(k &+ 1))) ? k &+ 1 : k &- 1
            let previousX = d == 0 ? 0 : at(previousK)
            let previousY = previousX &- previousK
            while x > previousX, y > previousY {
                x &-= 1
                y &-= 1
                steps.append(.pair(recorded: x, current: y))
            }
            guard d > 0 else { break }
            if x == previousX { steps.append(.currentOnly(previousY)) } else { steps.append(.recordedOnly(previousX)) }
            (x, y) = (previousX, previousY)
        }
        return steps.reversed()
    }

    /// The script with the unmatched entries of each gap between matches paired by coarse key, in order.
    private static func pairWithinGaps(_ script: [Step], coarse: ([Int], [Int])) -> [Step] {
        var result: [Step] = []
        var recordedGap: [Int] = []
        var currentGap: [Int] = []
        func flush() {
            let unpaired = currentGap
            var start = 0
            for recorded in recordedGap {
                let wanted = coarse.0[recorded]
                if let found = unpaired[start...].firstIndex(where: {
                    coarse.1[$0] == wanted || wanted == wildcard || coarse.1[$0] == wildcard
                }) {
                    // Current entries skipped over stay unpaired, before the pair.
                    for skipped in unpaired[start..<found] { result.append(.currentOnly(skipped)) }
                    result.append(.pair(recorded: recorded, current: unpaired[found]))
                    start = found &+ 1
                } else {
                    result.append(.recordedOnly(recorded))
                }
            }
            for rest in unpaired[start...] { result.append(.currentOnly(rest)) }
            recordedGap = []
            currentGap = []
        }
        for step in script {
            switch step {
            case .pair:
                flush()
                result.append(step)
            case .recordedOnly(let index): recordedGap.append(index)
            case .currentOnly(let index): currentGap.append(index)
            }
        }
        flush()
        return result
    }
}
