import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: a value read through a model actor, for a caller on any thread.
protocol NewestItemReporting: Sendable {
    init()
    /// The timestamp of the newest item, or nil when there is none.
    func newestTimestamp(in container: ModelContainer) async throws -> Date?
}

/// Seeds three items, asks for the newest timestamp with `ConcurrencyDebug` recording, and checks
/// the answer and that no item was read off its context's queue.
enum NewestItemReportChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "compiler-lessons",
        title: "Return Sendable values, not models",
        goal: "`NewestItemFinder` returned an `Item`, and Swift 6 refused to compile the caller: \"non-sendable type 'Item' returned by implicitly asynchronous call to actor-isolated function cannot cross actor boundary\". Someone silenced the compiler with `ItemBox`, an `@unchecked Sendable` box. It compiles, and the caller now reads the item off the actor's queue: the very data race the compiler was warning about. Return a `Sendable` value instead, and delete the box.",
        file: "Tutorials/Workshop/compiler-lessons/NewestItemReport.swift",
        exerciseCheck: "NewestItemReportChecker.check(NewestItemReport.self)",
        checkSolution: { await NewestItemReportChecker.check(Solution.NewestItemReport.self) }
    )

    static func check<Report: NewestItemReporting>(_ report: Report.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let seeder = container.newBackgroundContext()
            try seeder.performAndWait {
                for second in [5.0, 50, 20] {
                    seeder.insert(Item(timestamp: Date(timeIntervalSince1970: second)))
                }
                try seeder.save()
            }

            let (newest, violations) = try await ConcurrencyDebug.withMode(.record) {
                try await Report().newestTimestamp(in: container)
            }

            var findings: [String] = []
            let offQueue = violations.filter { $0.operation.hasPrefix("Item.") && $0.expectedQueue != seeder.queueLabel }
            if !offQueue.isEmpty {
                findings.append("An item was read off its context's queue: \(offQueue.summary). "
                    + "A model must not leave its actor; return a Sendable copy of what the caller needs.")
            }
            if newest != Date(timeIntervalSince1970: 50) {
                findings.append("newestTimestamp returned \(newest.map { "\($0)" } ?? "nil"); expected \(Date(timeIntervalSince1970: 50)).")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Asking for the newest timestamp")]
        }
    }
}
