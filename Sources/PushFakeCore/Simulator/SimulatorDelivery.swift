import Foundation

/// Where an engine also sends its iOS deliveries: `.apns` files, and the iOS Simulator through `xcrun simctl push`.
///
/// An `.apns` file is the APNs payload the device would receive, byte for byte, with the member
/// `"Simulator Target Bundle"` added first: the file the Simulator accepts by drag and drop and `simctl push`
/// accepts as its payload. Deliveries are written, and pushed, one at a time in the order the engine tells its
/// delivery observers, on a queue of their own: request handling never waits for them. A failure becomes a note on
/// the delivery and its journal entry (``PushFake/addNote(_:toDelivery:)``), never an error.
///
/// ```swift
/// var configuration = PushFakeConfiguration(seed: 1)
/// configuration.simulatorDelivery = SimulatorDelivery(bundleID: "com.example.app", simulator: "booted")
/// let fake = PushFake(configuration)  // each iOS delivery now appears in the booted simulator
/// ```
public struct SimulatorDelivery: Sendable, Equatable {
    /// The app the notifications are for (`"Simulator Target Bundle"`, and `simctl push`'s bundle argument).
    public var bundleID: String
    /// `booted` or a simulator's UDID to push into; `nil` only writes files.
    public var simulator: String?
    /// Where the `.apns` files go (created when missing); `nil` uses a fresh temporary directory, which is only
    /// needed for `simctl push`.
    public var directory: URL?
    /// The `xcrun` to run: a path, or a name looked up on `PATH`.
    public var xcrun: String

    /// Pushes into `simulator` (the booted one by default) and, with a `directory`, keeps the files there.
    public init(bundleID: String, simulator: String? = "booted", directory: URL? = nil, xcrun: String = "xcrun") {
        self.bundleID = bundleID
        self.simulator = simulator
        self.directory = directory
        self.xcrun = xcrun
    }

    /// `true` for a bundle identifier of letters, digits, `-` and `.` (what Apple allows), 1–255 characters.
    public static func isValidBundleID(_ text: String) -> Bool {
        consists(text, of: 1...255, allowingDot: true)
    }

    /// `true` for `booted` or a UDID-like name: letters, digits and `-`, 1–64 characters.
    public static func isValidSimulator(_ text: String) -> Bool {
        consists(text, of: 1...64, allowingDot: false)
    }

    /// ASCII letters, digits, `-` (and `.` when allowed), with a byte count in `lengths`: safe as a `simctl` argument.
    private static func consists(_ text: String, of lengths: ClosedRange<Int>, allowingDot: Bool) -> Bool {
        lengths.contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || (allowingDot && byte == UInt8(ascii: "."))
            }
    }
}
