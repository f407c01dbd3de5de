extension PushFake {
    /// Waits until every iOS delivery made so far has been written as an `.apns` file and pushed into the simulator
    /// (``PushFakeConfiguration/simulatorDelivery``); returns at once without one.
    public func waitForSimulatorDelivery() {
        simulatorSink?.waitUntilIdle()
    }
}
