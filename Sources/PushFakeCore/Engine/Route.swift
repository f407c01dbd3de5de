import Foundation
import PushFakeHTTP1

/// An operation of a vendor API, named as the vendor names it (`register`, `pushNotifications`, `updateBadge`, …).
///
/// An extensible set: each vendor declares its operations as static members.
public struct Operation: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name: two operations are the same when their names have the same bytes (FakeBehaviour.md, Identity).
    private let name: WireKey

    /// The operation's name, e.g. `register`; compared exactly.
    public var rawValue: String { name.string }

    /// An operation by name, as the admin API parses it; a matcher with an unknown name matches no request.
    public init(_ rawValue: String) {
        self.name = WireKey(rawValue)
    }

    /// `"register"` is `Operation("register")`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The name, as in journal labels such as `tpns.register`.
    public var description: String { rawValue }
}

/// One route as the router matches it: method plus a path template of literal and `{parameter}` segments, with
/// where its handler is (the vendor's index in the registry and the route's index in that vendor's list).
///
/// A class, shared by every request: the router reads the matched pattern through a method call, and as a struct
/// each call copied it, retaining and releasing its eight arrays and strings (about 300 instructions a request, on
/// objects every event loop shares).
final class RoutePattern: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let vendorIndex: Int
    let routeIndex: Int
    let vendor: Vendor
    let operation: Operation
    let method: String
    let segments: [Segment]
    /// The literal segments' bytes, one after another: compared against raw path bytes.
    private let literalBytes: [UInt8]
    /// Each segment's place in ``literalBytes``; a parameter's count is -1.
    private let literalSpans: [(start: Int, count: Int)]
    /// The template as written, e.g. `/api/v2/apps/{app}/devices/register`.
    let template: String
    /// The match every request on the route gets when the template has no parameters; `nil` when it has some.
    private let sharedMatch: RouteMatch?
    /// How many `{parameter}` segments the template has.
    private let parameterCount: Int

    init(vendorIndex: Int, routeIndex: Int, vendor: Vendor, operation: Operation, method: String, template: String) {
        self.vendorIndex = vendorIndex
        self.routeIndex = routeIndex
        self.vendor = vendor
        self.operation = operation
        self.method = method
        self.template = template
        let segments = Self.segments(of: template)
        self.segments = segments
        var literalBytes: [UInt8] = []
        let literalSpans: [(start: Int, count: Int)] = segments.map { segment in
            guard case .literal(let text) = segment else { return (literalBytes.count, -1) }
            let start = literalBytes.count
            literalBytes.append(contentsOf: text.utf8)
            return (start, literalBytes.count - start)
        }
        self.literalSpans = literalSpans
        self.literalBytes = literalBytes
        let parameterCount = literalSpans.count(where: { $0.count < 0 })
        self.parameterCount = parameterCount
        self.sharedMatch =
            parameterCount > 0 ? nil : RouteMatch(vendor: vendor, operation: operation, template: template)
    }

    /// `{name}` segments become parameters, everything else must match literally.
    static func segments(of template: String) -> [Segment] {
        template.split(separator: "/").map { part in
            if part.hasPrefix("{"), part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }

    /// Whether a raw path without `%`, split into `parts` (byte ranges of `bytes`, repeats of `/` collapsed), fits
    /// the template's literals: compared as bytes, no string made.
    ///
    /// Reads the flat literal table in place: neither a segment nor a literal's array is copied (each copy was a
    /// retain and a release), and each literal is one length check and one `memcmp`.
    func fits(_ bytes: UnsafeBufferPointer<UInt8>, parts: UnsafeMutableBufferPointer<Range<Int>>) -> Bool {
        guard parts.count == literalSpans.count, let path = bytes.baseAddress else { return false }
        return literalBytes.withUnsafeBufferPointer { literals in
            literalSpans.withUnsafeBufferPointer { spans in
                for index in 0..<spans.count where spans[index].count >= 0 {
                    let span = spans[index]
                    let part = parts[index]
                    guard part.count == span.count, part.lowerBound >= 0, part.upperBound <= bytes.count else {
                        return false
                    }
                    guard let literal = literals.baseAddress, span.start + span.count <= literals.count else {
                        return false
                    }
                    if memcmp(path + part.lowerBound, literal + span.start, span.count) != 0 { return false }
                }
                return true
            }
        }
    }

    /// The match of a raw path that ``fits(_:parts:)``: the shared one when the route has no parameters, else one
    /// with the parameters decoded. A single parameter is handed over without an array.
    func match(_ bytes: UnsafeBufferPointer<UInt8>, parts: UnsafeMutableBufferPointer<Range<Int>>) -> RouteMatch {
        if let sharedMatch { return sharedMatch }
        if parameterCount == 1 {
            var only: (name: String, value: String)?
            forEachParameter(bytes, parts: parts) { only = ($0, $1) }
            if let only {
                return RouteMatch(
                    vendor: vendor, operation: operation, parameters: RouteMatch.SortedParameters(only),
                    template: template)
            }
        }
        var parameters: [(name: String, value: String)] = []
        parameters.reserveCapacity(parameterCount)
        forEachParameter(bytes, parts: parts) { parameters.append(($0, $1)) }
        return match(parameters: parameters)
    }

    /// The match of a request with these decoded parameters: the shared one when the route has none.
    func match(parameters: [(name: String, value: String)]) -> RouteMatch {
        sharedMatch
            ?? RouteMatch(
                vendor: vendor, operation: operation, parameters: RouteMatch.SortedParameters(parameters),
                template: template)
    }

    /// Calls `body` with each parameter of a raw path that ``fits(_:parts:)``, in the template's order: only they
    /// become strings.
    private func forEachParameter(
        _ bytes: UnsafeBufferPointer<UInt8>, parts: UnsafeMutableBufferPointer<Range<Int>>,
        _ body: (_ name: String, _ value: String) -> Void
    ) {
        for index in 0..<min(parts.count, segments.count) {
            if case .parameter(let name) = segments[index] {
                body(name, String(decodingSmallASCII: UnsafeBufferPointer(rebasing: bytes[parts[index]])))
            }
        }
    }

    /// The parameters when the path fits the template, else `nil`.
    func parameters(for path: [String]) -> [(name: String, value: String)]? {
        guard path.count == segments.count else { return nil }
        var parameters: [(name: String, value: String)] = []
        parameters.reserveCapacity(parameterCount)
        for (segment, part) in zip(segments, path) {
            switch segment {
            case .literal(let text): if !text.hasSameBytes(as: part) { return nil }
            case .parameter(let name): parameters.append((name, part))
            }
        }
        return parameters
    }
}
