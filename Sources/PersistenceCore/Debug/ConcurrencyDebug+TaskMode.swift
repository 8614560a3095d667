/// A debug mode for one task rather than the whole process: what lets one test run under the
/// queue rule while the tests beside it run as they like.
///
/// The mode is a task-local value, so it follows the task, its child tasks (`async let`, task
/// groups, `Task { }`) and, because ``ModelContext`` carries it into the work it queues, the
/// `perform` and `performAndWait` blocks they start. A model actor's code runs as part of the
/// calling task, so it follows too. Code started with `Task.detached`, a `Thread` or a
/// `DispatchQueue` of its own is outside it, as task-local values are, and follows the
/// process-wide ``ConcurrencyDebug/mode``.
extension ConcurrencyDebug {
    /// Runs `body` with `mode` for the current task and the work it hands to contexts' queues,
    /// and returns the violations recorded there (in ``Mode/record``), oldest first.
    ///
    /// Violations recorded this way stay out of ``violations``: they belong to this call. Calls
    /// on different tasks do not see each other's, so tests that use it may run in parallel.
    public static func withTaskMode<T>(
        _ mode: Mode,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> (result: T, violations: [ConcurrencyViolation]) {
        let scope = TaskMode(mode)
        countTaskMode(+1)
        defer { countTaskMode(-1) }
        let result = try await TaskMode.$current.withValue(scope, operation: body, isolation: isolation)
        return (result, scope.violations)
    }

    /// The same for synchronous code: an XCTest method, or a test's setup.
    public static func withTaskMode<T>(
        _ mode: Mode, _ body: () throws -> T
    ) rethrows -> (result: T, violations: [ConcurrencyViolation]) {
        let scope = TaskMode(mode)
        countTaskMode(+1)
        defer { countTaskMode(-1) }
        let result = try TaskMode.$current.withValue(scope, operation: body)
        return (result, scope.violations)
    }
}

/// One ``ConcurrencyDebug/withTaskMode(_:isolation:_:)`` call: its mode, and what it recorded.
final class TaskMode: Sendable {
    /// The task mode the current code runs under, if any.
    @TaskLocal static var current: TaskMode?

    let mode: ConcurrencyDebug.Mode
    /// What ``ConcurrencyDebug/report(_:)`` recorded for this call.
    let recorded = Locked<[ConcurrencyViolation]>([])

    init(_ mode: ConcurrencyDebug.Mode) {
        self.mode = mode
    }

    /// What it recorded, oldest first.
    var violations: [ConcurrencyViolation] { recorded.withLock { $0 } }

    /// The task mode a job queued now must run under: the current one, read only while some task
    /// mode runs (a task-local read is not free, and a queued job is).
    static var toCarry: TaskMode? {
        ConcurrencyDebug.isChecking ? current : nil
    }

    /// Runs `body` under `mode`, the one the code that queued it ran under.
    static func carrying<T, E: Error>(_ mode: TaskMode?, _ body: () throws(E) -> T) throws(E) -> T {
        guard let mode else { return try body() }
        let result = $current.withValue(mode) { Result { () throws(E) -> T in try body() } }
        return try result.get()
    }
}
