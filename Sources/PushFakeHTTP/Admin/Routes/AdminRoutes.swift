/// The admin routes of PushFake's own operations, for code that reads only their HTTP shape (the fuzzer, tests).
package enum AdminRoutes {
    /// Where the admin API lives, on the server and under each instance (`/i/{id}/__pushfake`).
    package static let prefix = AdminOperations.prefix

    /// Every built-in route, in listing order (``AdminOperations/all``).
    package static var all: [AdminRoute] { AdminOperations.all.map(\.route) }
}
