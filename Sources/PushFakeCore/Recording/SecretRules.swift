/// Where one registry's secrets stand: the vendors' own (``PushVendor/secrets``) and the headers every vendor's
/// requests may carry (``RecordingRedaction/secretHeaders``), as ``SecretTable`` learns them.
package struct SecretRules: Sendable {
    /// Secret request headers with their placeholder names: the vendors' in registration order, then the common ones.
    let headers: [(header: String, name: String)]
    /// The vendors' secret request headers alone: credentials a recording compares, as placeholders.
    let vendorHeaders: [String]
    /// Secrets in bodies, paths and apps, with the vendor that declared them.
    let others: [(vendor: Vendor, secret: VendorSecret)]
    /// The placeholder names of identifiers (TPNS application keys): replaced only with
    /// ``RecordingRedaction/redactsAppKeys``.
    package let identifierNames: Set<String>

    /// The secrets of `vendors` (``VendorRegistry/secretRules`` keeps them).
    init(_ vendors: [RegisteredVendor]) {
        let declared = vendors.flatMap { entry in entry.secrets.map { (vendor: entry.vendor, secret: $0) } }
        var headers: [(header: String, name: String)] = []
        var others: [(vendor: Vendor, secret: VendorSecret)] = []
        for item in declared {
            if case .header(let header) = item.secret.place {
                headers.append((header, item.secret.name))
            } else {
                others.append(item)
            }
        }
        self.headers = headers + RecordingRedaction.secretHeaders
        vendorHeaders = headers.map(\.header)
        self.others = others
        identifierNames = Set(declared.filter(\.secret.isIdentifier).map(\.secret.name))
    }

    /// The secrets of the standard vendors.
    package static var standard: SecretRules { VendorRegistry.standard.secretRules }

    /// The secrets in `entry`'s body, path and app (identifiers only with `identifiers`), in the order of the kinds
    /// of places: body fields, path segments, apps.
    func secrets(of entry: JournalEntry, identifiers: Bool) -> [(value: String, name: String)] {
        let wanted = others.filter { identifiers || !$0.secret.isIdentifier }
        guard !wanted.isEmpty else { return [] }
        var found: [(value: String, name: String)] = []
        for (_, secret) in wanted {
            if case .bodyField(let field) = secret.place {
                found += Self.values(of: field, inBody: entry.body).map { ($0, secret.name) }
            }
        }
        found += pathSecrets(entry.request.path, identifiers: identifiers)
        if let app = entry.app, let vendor = entry.vendor {
            found += appSecrets(vendor, app: app, identifiers: identifiers)
        }
        return found
    }

    /// The secrets in a request's path and then its body, for the request log (it has no route yet).
    func secrets(of request: FakeRequest, identifiers: Bool) -> [(value: String, name: String)] {
        var found = pathSecrets(request.path, identifiers: identifiers)
        let bodies = others.filter { identifiers || !$0.secret.isIdentifier }
        guard bodies.contains(where: { if case .bodyField = $0.secret.place { true } else { false } }) else {
            return found
        }
        let body = request.body.isEmpty ? nil : try? JSON.parse(request.body)
        for (_, secret) in bodies {
            if case .bodyField(let field) = secret.place {
                found += Self.values(of: field, inBody: body).map { ($0, secret.name) }
            }
        }
        return found
    }

    /// The secrets a vendor's app is (a TPNS application key), identifiers only with `identifiers`.
    func appSecrets(_ vendor: Vendor, app: String, identifiers: Bool) -> [(value: String, name: String)] {
        others.compactMap { item in
            guard item.vendor == vendor, item.secret.place == .app, identifiers || !item.secret.isIdentifier
            else { return nil }
            return (app, item.secret.name)
        }
    }

    private func pathSecrets(_ path: String, identifiers: Bool) -> [(value: String, name: String)] {
        var found: [(value: String, name: String)] = []
        for (_, secret) in others where identifiers || !secret.isIdentifier {
            if case .pathSegment(let after) = secret.place {
                found += Self.segments(after: after, inPath: path).map { ($0, secret.name) }
            }
        }
        return found
    }

    /// The string `field` of a request body that is an object or an array of objects.
    static func values(of field: String, inBody body: JSON?) -> [String] {
        (body?.arrayValue ?? [body ?? .null]).compactMap { $0[field]?.stringValue }
    }

    /// The decoded segment after each `after` segment of `path` (`/api/application/{appKey}/…`).
    static func segments(after: String, inPath path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var found: [String] = []
        for (index, segment) in segments.enumerated() where segment == after && index + 1 < segments.count {
            found.append(PercentDecoding.decode(segments[index + 1]))
        }
        return found
    }
}
