import Foundation
import PushFakeCore

/// The `${secret:NAME}` placeholders of a recording and their values (RecordingFormat.md, "Secrets and
/// placeholders").
enum ReplaySecrets {
    /// The placeholder names the requests use (method, path, query, headers and bodies), in order of appearance.
    static func names(in recording: Recording) -> [String] {
        var names: [String] = []
        func scan(_ text: String) {
            for name in SecretPlaceholder.names(in: text) where !names.contains(name) { names.append(name) }
        }
        for exchange in recording.exchanges {
            scan(exchange.path)
            scan(exchange.query)
            // Headers replay leaves to URLSession (`Proxy-Authorization`, …) need no value.
            for field in exchange.headers where !RequestBuilder.droppedHeaders.contains(field.name.lowercased()) {
                scan(field.value)
            }
            if let body = String(bytes: exchange.body, encoding: .utf8) { scan(body) }
        }
        return names
    }

    /// The value of every name, from `given` or else the environment.
    ///
    /// - Throws: ``ReplayError/missingSecrets(_:)`` naming every name that has no value.
    static func resolve(_ names: [String], given: [String: String], environment: [String: String])
        throws(ReplayError) -> [String: String]
    {
        var values = given
        var missing: [String] = []
        for name in names where values[name] == nil {
            if let value = environment[SecretPlaceholder.environmentVariable(name)] {
                values[name] = value
            } else {
                missing.append(name)
            }
        }
        guard missing.isEmpty else { throw ReplayError.missingSecrets(missing) }
        return values
    }
}
