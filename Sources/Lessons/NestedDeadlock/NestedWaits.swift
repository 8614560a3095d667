import Dispatch
import Foundation
import PersistenceCore
import SampleModels

/// Two queues waiting for each other, or not: what `lesson-helper nested-deadlock` runs, in a child process
/// the lesson watches (the stall must never happen in the process that reports).
///
/// A parent context and its child each run a block, and gates make both blocks run at once:
///
/// - **waiting**: the parent's block calls `child.performAndWait`, which waits for the child's
///   queue; the child's block fetches, and a child fetches through its parent, on the parent's
///   queue. Each queue waits for the other: the process prints `both busy` and nothing more.
/// - **handing over**: the parent's block hands the child its work with `child.perform`, which
///   returns at once; the parent's queue is free when the child's fetch asks for it, and the
///   process prints `done`.
public enum NestedWaits {
    /// The line printed once both blocks run.
    public static let bothBusyLine = "both busy"
    /// The line printed when both blocks finished.
    public static let doneLine = "done"

    public enum Way: String, Sendable, CaseIterable {
        case waiting, handingOver = "handing-over"
    }

    // tutorial:begin child-process
    /// Runs one way; `print` receives each line as it happens.
    public static func run(_ way: Way, print: (String) -> Void) throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let parent = container.newBackgroundContext()
        parent.name = "parent"
        // The lab's child context; Core Data: NSManagedObjectContext(concurrencyType:) + parent.
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        child.name = "child"
        let parentRuns = DispatchSemaphore(value: 0), childRuns = DispatchSemaphore(value: 0)
        let bothRun = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)

        child.perform {
            childRuns.signal()
            parentRuns.wait()                                     // the parent's block runs too
            bothRun.signal()
            _ = try? child.fetchCount(FetchDescriptor<Item>())   // through the parent's queue
            finished.signal()
        }
        parent.perform {
            parentRuns.signal()
            childRuns.wait()                                      // the child's block runs too
            switch way {
            case .waiting:
                child.performAndWait { _ = child.hasChanges }    // waits for the child's queue
            case .handingOver:
                child.perform { _ = child.hasChanges }           // returns at once
            }
            finished.signal()
        }
        bothRun.wait()
        print(bothBusyLine)
        finished.wait()
        finished.wait()
        print(doneLine)
    }
    // tutorial:end child-process
}

extension NestedDeadlock: SecondProcessLesson {
    /// `lesson-helper nested-deadlock waiting|handing-over`: both queues in a process of their own.
    public static func secondProcess(_ arguments: [String], input: () -> String?, print: (String) -> Void) throws {
        guard arguments.count == 1, let way = arguments.first.flatMap(NestedWaits.Way.init(rawValue:)) else {
            let ways = NestedWaits.Way.allCases.map(\.rawValue).joined(separator: " or ")
            throw LessonError.badArguments("nested-deadlock takes one argument, \(ways); it got \(arguments)")
        }
        try NestedWaits.run(way, print: print)
    }
}
