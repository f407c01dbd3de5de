extension PushFake {
    /// Waits until every iOS delivery made so far has been written as an `.apns` file and pushed into the simulator
    /// (``PushFakeConfiguration/simulatorDelivery``); returns at once without one.
    public func waitForSimulatorDelivery() {
        simulatorSink?.waitUntilIdle()
    }

    /// Like ``waitForSimulatorDelivery()``, for at most `seconds` (a push is stopped after 60 s): what
    /// `pushfake serve` does when it stops, so the notes of pushes in flight reach the log first.
    /// - Returns: `false` when deliveries were still being written or pushed after `seconds`.
    @discardableResult
    public func waitForSimulatorDelivery(seconds: Double) -> Bool {
        simulatorSink?.waitUntilIdle(seconds: seconds) ?? true
    }
}
