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

    /// The current mode; thread-safe.
    public static var mode: Mode {
        get { Mode(rawValue: storedMode.load(ordering: .relaxed)) ?? .off }
        set {
            storedMode.store(newValue.rawValue, ordering: .relaxed)
            QueueWatchdog.noteDebugChecking(newValue != .off)
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

    /// Whether any check runs: the one load the accessor path pays when debugging is off.
    static var isChecking: Bool { storedMode.load(ordering: .relaxed) != Mode.off.rawValue }

    /// Reports one violation according to the mode.
    static func report(_ violation: ConcurrencyViolation) {
        switch mode {
        case .off:
            return
        case .record:
            recorded.withLock { $0.append(violation) }
            TraceRecorder.note(violation)
        case .trap:
            fatalError(violation.description)
        }
    }

    private static let storedMode: Atomic<UInt8> = {
        let initial = mode(fromEnvironment: ProcessInfo.processInfo.environment["LAB_CONCURRENCY_DEBUG"])
        QueueWatchdog.noteDebugChecking(initial != .off)
        return Atomic(initial.rawValue)
    }()
    private static let recorded = Locked<[ConcurrencyViolation]>([])
}
