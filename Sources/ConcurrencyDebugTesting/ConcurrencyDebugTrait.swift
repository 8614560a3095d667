#if canImport(Testing)
public import PersistenceCore
public import Testing

/// Runs a test, or every test of a suite, under the queue rule: Core Data's
/// `-com.apple.CoreData.ConcurrencyDebug 1` for one test, the lab's own tool.
///
///     @Test(.concurrencyDebug(.record)) func importsInTheBackground() async throws { … }
///     @Suite(.concurrencyDebug(.record)) struct StoreTests { … }
///
/// Under ``ConcurrencyDebug/Mode/record`` the test runs to its end, then fails with one issue per
/// violation it recorded: the model and property touched (`Item.title set`), the queue it
/// belongs to and the one it ran on. Under ``ConcurrencyDebug/Mode/trap`` the first violation
/// stops the process, naming both queues.
///
/// The mode is the test's own (``ConcurrencyDebug/withTaskMode(_:isolation:_:)``): tests beside it
/// may run in parallel under other modes. It follows the test's task, its child tasks, its model
/// actors and the `perform` blocks it queues, not code it starts with `Task.detached`, a `Thread`
/// or a `DispatchQueue` of its own; set `LAB_CONCURRENCY_DEBUG` for a whole run to check those too.
public struct ConcurrencyDebugTrait: TestTrait, SuiteTrait, TestScoping {
    /// What a violation does while the test runs.
    public let mode: ConcurrencyDebug.Mode

    /// A trait for `mode`; write `.concurrencyDebug(mode)` in a `@Test` or `@Suite`.
    public init(mode: ConcurrencyDebug.Mode) {
        self.mode = mode
    }

    /// On a suite, the trait applies to each of its tests, each under a mode of its own.
    public var isRecursive: Bool { true }

    /// Each test case gets a scope of its own; a suite none (its tests have theirs).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let (_, violations) = try await ConcurrencyDebug.withTaskMode(mode) {
            try await function()
        }
        // At the test: where the violation happened, the test knows better than this file.
        for violation in violations {
            Issue.record(Comment(rawValue: violation.description), sourceLocation: test.sourceLocation)
        }
    }
}

extension Trait where Self == ConcurrencyDebugTrait {
    /// Runs the test (or each test of the suite) under the queue rule, in `mode`: see
    /// ``ConcurrencyDebugTrait``.
    public static func concurrencyDebug(_ mode: ConcurrencyDebug.Mode = .record) -> Self {
        ConcurrencyDebugTrait(mode: mode)
    }
}
#endif
