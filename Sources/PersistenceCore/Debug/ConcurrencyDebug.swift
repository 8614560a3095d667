import Foundation
import Synchronization

/// The analogue of Core Data's `-com.apple.CoreData.ConcurrencyDebug 1`: checks that every context
/// operation and every model attribute access runs on the context's queue.
///
/// Without it a wrong-queue access usually "works" (and races); with it the mistake is caught where
/// it happens. The mode starts from the environment variable `LAB_CONCURRENCY_DEBUG`: `1` traps,
/// `record` records, unset or `0` does nothing. It is a process-wide switch, like Core Data's.
public enum ConcurrencyDebug {
    /// What a violation does.
    public enum Mode: UInt8, Sendable, CaseIterable {
        /// No checks; a wrong-queue access goes unnoticed (and may race).
        case off
        /// Stop the process with a message naming the operation and both queues.
        case trap
        /// Append a ``ConcurrencyViolation`` to ``violations`` and carry on.
        case record
    }

    /// The process-wide mode; thread-safe. Code running inside ``withTaskMode(_:isolation:_:)``
    /// follows that call's mode instead.
    public static var mode: Mode {
        get { Mode(rawValue: storedMode.load(ordering: .relaxed)) ?? .off }
        set {
            storedMode.store(newValue.rawValue, ordering: .relaxed)
            noteChecking()
        }
    }

    /// The violations recorded in ``Mode/record`` mode, oldest first; thread-safe.
    public static var violations: [ConcurrencyViolation] {
        recorded.withLock { $0 }
    }

    /// Forgets every recorded violation.
    public static func reset() {
        recorded.withLock { $0.removeAll() }
    }

    /// The mode `LAB_CONCURRENCY_DEBUG` asks for.
    public static func mode(fromEnvironment value: String?) -> Mode {
        switch value?.lowercased() {
        case "1", "trap": .trap
        case "record": .record
        default: .off
        }
    }

    /// How many violations have been recorded since the last reset.
    static var recordedCount: Int { recorded.withLock { $0.count } }

    /// The violations recorded after the first `start` ones.
    static func recorded(since start: Int) -> [ConcurrencyViolation] {
        recorded.withLock { Array($0.dropFirst(min(start, $0.count))) }
    }

    /// Whether any check runs: the process-wide mode is on, or some task runs under
    /// ``withTaskMode(_:isolation:_:)``. The one load the accessor path pays when debugging is off.
    static var isChecking: Bool { checking.load(ordering: .relaxed) != 0 }

    /// Reports one violation according to the mode: the mode of the task-mode call the code runs
    /// under, if any, else the process-wide one.
    static func report(_ violation: ConcurrencyViolation) {
        if let scope = TaskMode.current {
            handle(violation, under: scope.mode, recordingInto: scope.recorded)
        } else {
            handle(violation, under: mode, recordingInto: recorded)
        }
    }

    /// What `mode` does with a violation: nothing, append it to `list`, or stop the process.
    private static func handle(_ violation: ConcurrencyViolation, under mode: Mode,
                               recordingInto list: Locked<[ConcurrencyViolation]>) {
        switch mode {
        case .off:
            return
        case .record:
            list.withLock { $0.append(violation) }
            TraceRecorder.note(violation)
        case .trap:
            fatalError(violation.description)
        }
    }

    /// Counts a task mode in (`+1`) or out (`-1`), then re-reads whether any check runs.
    static func countTaskMode(_ change: Int) {
        noteChecking(taskModesChange: change)
    }

    /// Re-reads whether any check runs, after the mode changed or a task mode began or ended:
    /// under the lock that counts the task modes, so that the last call stores what is true now.
    private static func noteChecking(taskModesChange: Int = 0) {
        taskModesRunning.withLock { running in
            running += taskModesChange
            let on = storedMode.load(ordering: .relaxed) != Mode.off.rawValue || running > 0
            checking.store(on ? 1 : 0, ordering: .relaxed)
            QueueWatchdog.noteDebugChecking(on)
        }
    }

    private static let storedMode = Atomic<UInt8>(environmentMode.rawValue)
    /// 1 while any check runs (see ``isChecking``), else 0: one load for the hot path. Its first
    /// load tells ``QueueWatchdog`` the mode the environment asks for.
    private static let checking: Atomic<UInt8> = {
        QueueWatchdog.noteDebugChecking(environmentMode != .off)
        return Atomic(environmentMode == .off ? 0 : 1)
    }()
    /// How many ``withTaskMode(_:isolation:_:)`` calls are running.
    private static let taskModesRunning = Locked(0)
    private static let environmentMode = mode(fromEnvironment: ProcessInfo.processInfo.environment["LAB_CONCURRENCY_DEBUG"])
    private static let recorded = Locked<[ConcurrencyViolation]>([])
}
