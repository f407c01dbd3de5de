import Foundation
import PushFakeCore

// Either framework may be missing: the Command Line Tools without Xcode lack XCTest on macOS, and a toolchain or
// SDK may lack Swift Testing. The module builds with whichever exists and reports through it.
#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Where an assertion was written, so failures point at the caller's line.
public struct CallSite: Sendable {
    /// The caller's `#fileID`; Swift Testing reports with it.
    public let fileID: String
    /// The caller's `#filePath`; XCTest reports with it.
    public let filePath: StaticString
    /// The caller's `#line`.
    public let line: UInt
    /// The caller's `#column`; only Swift Testing uses it.
    public let column: UInt

    /// Captures a call site, usually from an assertion's `#fileID`, `#filePath`, `#line`, `#column` defaults.
    public init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Reports a failure to Swift Testing when a Swift Testing test is running, otherwise to XCTest.
package enum FailureReporter {
    /// When set (for the current task only), failures go here instead: how PushFake tests its own failure
    /// messages under XCTest, where `XCTExpectFailure` is not available on Linux.
    @TaskLocal package static var capture: (@Sendable (String) -> Void)?

    static func fail(_ message: String, at site: CallSite) {
        if let capture {
            capture(message)
            return
        }
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(
                        fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line),
                        column: Int(site.column)))
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(message, file: site.filePath, line: site.line)
        #else
            // No test framework to report to: say it where a test runner's log shows it.
            StandardStreams.error("PushFake: \(site.fileID):\(site.line): \(message)\n")
        #endif
    }
}
