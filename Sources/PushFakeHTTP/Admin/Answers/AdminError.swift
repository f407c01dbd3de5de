import PushFakeCore

/// Every admin error (component `Error`): `{"error": "…"}` naming what is wrong, with what helps to fix it where
/// there is more to say (the known routes, the dashboard's files, the deleted instance, the status of a malformed
/// request).
package struct AdminError: WireType, Equatable {
    /// What is wrong.
    package var error: String
    /// The HTTP status, on answers to malformed HTTP (``FakeResponse/rejection(status:reason:)``).
    package var status: Int?
    /// The instance deleted while a wait was held.
    package var instance: String?
    /// The admin routes, when none matched.
    package var knownRoutes: [String]?
    /// The dashboard's files, when another was asked for.
    package var files: [String]?

    package init(
        _ error: String, status: Int? = nil, instance: String? = nil, knownRoutes: [String]? = nil,
        files: [String]? = nil
    ) {
        self.error = error
        self.status = status
        self.instance = instance
        self.knownRoutes = knownRoutes
        self.files = files
    }

    package static let wire = WireDescription<AdminError>(
        name: "Error", AdminError(""),
        fields: [
            .required("error", \.error, .string, "What is wrong."),
            .optional("status", \.status, .int(in: 100...599), "The status, on answers to malformed HTTP."),
            .optional("instance", \.instance, .string, "The instance deleted while the wait was held."),
            .optional("knownRoutes", \.knownRoutes, .array(.string), "The admin routes, when none matched."),
            .optional("files", \.files, .array(.string), "The dashboard's files, when another was asked for."),
        ], answer: true)
}

extension FakeResponse {
    /// `value`'s JSON form (``WireType/wireJSON``) with `status`.
    static func answer(_ status: Int, _ value: some WireType) -> FakeResponse {
        .json(status, value.wireJSON)
    }

    /// `{"error": message}` (``AdminError``) with `status`.
    static func error(_ status: Int, _ message: String) -> FakeResponse {
        .answer(status, AdminError(message))
    }
}
