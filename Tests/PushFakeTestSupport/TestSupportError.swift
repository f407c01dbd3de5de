/// Why a test-support helper could not do what it was asked: thrown into the test, which fails with this message
/// (XCTest and Swift Testing both report a thrown error at the test).
package struct TestSupportError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }

    /// `value`, or an error saying `what` was missing.
    package static func required<Value>(_ value: Value?, _ what: @autoclosure () -> String) throws -> Value {
        guard let value else { throw TestSupportError(what()) }
        return value
    }
}
