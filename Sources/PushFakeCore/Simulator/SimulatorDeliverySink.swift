import Dispatch
import Foundation

/// Writes and pushes an engine's iOS deliveries as ``SimulatorDelivery`` describes, one at a time on its own queue.
final class SimulatorDeliverySink: Sendable {
    let options: SimulatorDelivery
    private let queue = DispatchQueue(label: "pushfake-simulator-delivery")
    /// The running number of the next file, and the directory once made.
    private let progress = Locked<(number: Int, directory: URL?)>((1, nil))

    init(options: SimulatorDelivery) {
        self.options = options
    }

    /// Starts observing `engine`'s iOS deliveries (not those that failed, such as an oversized payload).
    func attach(to engine: PushFake) {
        engine.onDelivery { [weak engine, self] delivery in
            guard delivery.platform.isApple, delivery.status == .delivered else { return }
            queue.async { [weak engine] in
                for note in self.deliver(delivery) { engine?.addNote(note, toDelivery: delivery.id) }
            }
        }
    }

    /// Returns once every delivery handed to the sink so far has been written and pushed.
    func waitUntilIdle() {
        queue.sync {}
    }

    /// Like ``waitUntilIdle()``, for at most `seconds`; `false` when deliveries were still in hand then.
    func waitUntilIdle(seconds: Double) -> Bool {
        let idle = DispatchSemaphore(value: 0)
        queue.async { idle.signal() }
        return idle.wait(timeout: .now() + seconds) == .success
    }

    /// Writes the delivery's file and pushes it; returns what went wrong, as notes.
    func deliver(_ delivery: Delivery) -> [String] {
        guard let document = APNsFile.document(payload: delivery.payload, bundleID: options.bundleID) else {
            return ["apns: the payload is not a JSON object, so no .apns file was written"]
        }
        let file: URL
        do {
            file = try nextFile(for: delivery)
            try Data(document).write(to: file)
        } catch {
            return ["apns: cannot write the .apns file: \(error.localizedDescription)"]
        }
        guard let simulator = options.simulator else { return [] }
        let arguments = ["simctl", "push", simulator, options.bundleID, file.path]
        switch SimctlCommand.run(xcrun: options.xcrun, arguments: arguments) {
        case .success: return []
        case .failure(let problem): return ["simctl push \(simulator) \(options.bundleID): \(problem.message)"]
        }
    }

    private func nextFile(for delivery: Delivery) throws -> URL {
        let (number, known) = progress.withLock { progress -> (Int, URL?) in
            defer { progress.number &+= 1 }
            return (progress.number, progress.directory)
        }
        let directory: URL
        if let known {
            directory = known
        } else {
            directory =
                options.directory
                ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                    "pushfake-apns-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            progress.withLock { $0.directory = directory }
        }
        return directory.appendingPathComponent(APNsFile.name(number: number, delivery: delivery))
    }
}
