import Scenarios

/// Scenario runs that a suite's tests share instead of each running their own.
enum SharedRuns {
    /// background-storage, once per test process: its tests compare how long the main queue was
    /// blocked, so two runs at once would block the main queue under each other's heartbeat.
    static let backgroundStorage = Task { try await BackgroundStorage().run(in: .test) }
}
