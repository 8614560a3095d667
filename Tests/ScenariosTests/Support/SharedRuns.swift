import Scenarios

/// One run of each scenario per test process, shared by every test that asserts on it, Swift
/// Testing and XCTest alike: the scenario builds its own containers, so sharing its outcome
/// costs nothing in isolation and saves running the slow parts (races, imports) once per test.
///
/// Detached, so that no test's actor (the MainActor of a `@MainActor` test) runs the scenario.
enum SharedRuns {
    static let wrongQueueMutation = Task.detached { try await WrongQueueMutation().run(in: .test) }
    static let wrongContextQueue = Task.detached { try await WrongContextQueue().run(in: .test) }
    static let taskVersusDetached = Task.detached { try await TaskVersusDetached().run(in: .test) }
    static let modelActorExecutor = Task.detached { try await ModelActorExecutor().run(in: .test) }
    static let identifierPassing = Task.detached { try await IdentifierPassing().run(in: .test) }
    /// background-storage's tests compare how long the main queue was blocked, so two runs at
    /// once would block the main queue under each other's heartbeat: one run serves them all.
    static let backgroundStorage = Task.detached { try await BackgroundStorage().run(in: .test) }
}
