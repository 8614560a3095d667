import Foundation
import LabSupport
import PersistenceCore
import SampleModels

/// "My background save doesn't show up in the list": a list on the main context, kept by a
/// ``PersistenceCore/ResultsObserver``, while a model actor adds items and renames some, and a
/// batch request marks some done.
///
/// The observer fetches again after whatever its context does, and only then: it cannot show a
/// change its context has not merged. Three lanes, the same three changes each:
///
/// 1. **No merging** (Core Data's default): no background save reaches the list. The main
///    context's own save shows, but only its own item. Made again (its view appearing again), the
///    list fetches the store and shows the new rows, but not the edits to rows the context already
///    holds (its registered copies keep their old values), nor the batch.
/// 2. **Automatic merging**: the new rows and the edits arrive right after each save; the batch
///    still does not, since batch requests bypass every context.
/// 3. **Automatic merging, and the batch's identifiers merged by hand**: everything arrives.
public struct ListThatDoesNotUpdate: Lesson {
    public static let info = LessonInfo(
        id: "list-that-does-not-update",
        title: "The list that does not update: in Core Data, an observer shows only what its context merges",
        articles: [.coreDataTips, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Core Data (every version): a list on the view context, as NSFetchedResultsController, follows only what that context merges, and it merges nothing by default. SwiftData's main context merges other contexts' saves by itself, so its list follows them (this lesson's SwiftData run).",
            rightWay: "Core Data: automaticallyMergesChangesFromParent (iOS 10 and later) on the view context, and batch requests' results merged by hand."),
        // In `why`: Core Data's NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:).
        why: """
            A list on screen is a fetch that fetches again when its context changes: SwiftUI's \
            @Query, Core Data's NSFetchedResultsController, SwiftData's ResultsObserver. Article \
            004 moves the writing to a background model actor, and the list stops updating: the \
            save went to the store, but the main context never heard of it. The observer is not \
            broken; it follows its context, and the context shows only what it merges. A list made \
            again fetches the store and finds new rows, but rows the context already holds keep \
            the values its registered objects hold. Article 003's \
            automaticallyMergesChangesFromParent merges every background save, on the main queue, \
            and the list follows at once; but batch requests bypass every context, so their \
            changes arrive only when merged by hand with mergeChanges(fromRemoteContextSave:into:).
            """,
        rule: "A list follows its context, and a Core Data context shows only what it merges (SwiftData's main context merges other contexts' saves by itself): set automaticallyMergesChangesFromParent on the context a list observes, and merge every batch request's result by hand.",
        whereToLook: [
            "Sources/Lessons/ListThatDoesNotUpdate/ListThatDoesNotUpdate.swift",
            "Sources/Lessons/ListThatDoesNotUpdate/ItemListModel.swift",
            "Sources/Lessons/ListThatDoesNotUpdate/ItemEditor.swift",
            "Sources/PersistenceCore/Observing/ResultsObserver.swift",
            "Sources/PersistenceCore/Observing/ContextObservation.swift",
            "Sources/PersistenceCore/Merging/ModelContext+Merging.swift",
            "Sources/Lessons/ListThatDoesNotUpdate/ListThatDoesNotUpdate+Outcome.swift",
            "Sources/Lessons/ListThatDoesNotUpdate/ListThatDoesNotUpdate+Report.swift",
            "Tests/PersistenceCoreTests/Observing/ResultsObserverTests.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    /// How the list's context hears of other contexts' changes in one lane: Core Data's view
    /// context three ways, then SwiftData's main context.
    public enum Merging: String, Sendable, Codable, CaseIterable {
        /// Never: Core Data's default.
        case none
        /// `automaticallyMergesChangesFromParent`.
        case automatic
        /// Automatically, and the batch request's identifiers by hand.
        case automaticAndBatchByHand
        /// SwiftData's main context, with no merging code: SwiftData merges by itself.
        case swiftData

        /// How a trace's lane names say it.
        var traceName: String {
            switch self {
            case .none: "no merging"
            case .automatic: "automatic merging"
            case .automaticAndBatchByHand: "batch merged by hand"
            case .swiftData: "SwiftData, no merging code"
            }
        }
    }

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        var lanes: [Lane] = []
        for merging in Merging.allCases {
            lanes.append(try await runLane(merging, in: environment))
        }
        return Outcome(noMerging: lanes[0], automaticMerging: lanes[1], batchMergedByHand: lanes[2], swiftData: lanes[3])
    }

    /// The list shows items 0, 1, 2; then the editor adds 3 and 4, renames 0 and 1, and (in Core
    /// Data's lanes) a batch request marks 2 done; in the first lane, the view context then saves
    /// a change of its own. SwiftData has no batch update: its lane has no batch step.
    private func runLane(_ merging: Merging, in environment: LessonEnvironment) async throws -> Lane {
        let container = try environment.makeContainer(for: [Item.self], name: "list-\(merging.rawValue)")
        let seed = container.newBackgroundContext()
        seed.name = "seed, \(merging.traceName)"
        try seed.performAndWait {
            for number in 0..<3 { seed.insert(Self.item(number)) }
            try seed.save()
        }
        // Core Data's view context, told to merge or not; or SwiftData's main context, which
        // merges by itself.
        let mainContext = merging == .swiftData ? await MainActor.run { container.mainContext } : container.viewContext
        // What a trace calls the list's lane (`lab trace`, `lab why`).
        mainContext.name = Self.listLane(merging)
        let list = try await DispatchQueue.main.asyncAndAwait { () -> Result<ItemListModel, any Error> in
            if merging != .swiftData { mainContext.automaticallyMergesChangesFromParent = merging != .none }
            return Result { try ItemListModel(mainContext: mainContext) }
        }.get()
        let editor = ItemEditor(modelContainer: container)
        await editor.name("ItemEditor (model actor), \(merging.traceName)")
        var steps: [Step] = []

        /// Runs one change (which returns when its save began), lets the main queue run whatever
        /// the save queued there (a merge), and notes what the list shows and whether it changed.
        func step(_ name: String, _ change: () async throws -> ContinuousClock.Instant) async throws {
            let before = await DispatchQueue.main.asyncAndAwait { list.deliveries.count }
            let saving = try await change()
            // A merge is queued on the main queue when the save commits: this block runs after it.
            let (deliveries, rows) = await DispatchQueue.main.asyncAndAwait { (list.deliveries, list.rows) }
            let new = deliveries.dropFirst(before)
            steps.append(Step(name: name, delivered: !new.isEmpty,
                              delayMilliseconds: new.first.map { ($0.at - saving) / .milliseconds(1) },
                              deliveredOnQueues: Set(new.map(\.queueLabel)).sorted(), rows: rows))
        }

        try await step("the model actor adds items 3 and 4") { try await editor.addItems([3, 4]) }
        try await step("the model actor renames items 0 and 1") { try await editor.rename([0, 1], to: "renamed") }
        if merging != .swiftData { try await step("a batch request marks item 2 done") {
            let saving = ContinuousClock.now
            let result = try container.execute(BatchUpdateRequest<Item>(predicate: #Predicate { $0.count == 2 },
                                                                        propertiesToUpdate: ["title": "done"], resultType: .identifiers))
            if merging == .automaticAndBatchByHand {
                // The lab's spelling; Core Data: NSManagedObjectContext.mergeChanges.
                ModelContext.mergeChanges(fromRemoteContextSave: .init(updated: Set(result.identifiers ?? [])), into: [mainContext])
            }
            return saving
        } }
        if merging == .none {
            try await step("the view context saves an item of its own (item 5)") {
                try await DispatchQueue.main.asyncAndAwait { () -> Result<ContinuousClock.Instant, any Error> in
                    Result {
                        mainContext.insert(Self.item(5))
                        let saving = ContinuousClock.now
                        try mainContext.save()
                        return saving
                    }
                }.get()
            }
        }
        if merging == .none {
            // A view that appears again makes its list anew: a first fetch, which reads the store.
            let again = await DispatchQueue.main.asyncAndAwait { Result { try ItemListModel(mainContext: mainContext).rows } }
            let rows = try again.get()
            steps.append(Step(name: "the list is made again, as when its view appears again", delivered: rows != steps.last?.rows,
                              delayMilliseconds: nil, deliveredOnQueues: ["com.apple.main-thread"], rows: rows))
        }
        // What the store holds, read by a context that registered nothing before.
        let reader = container.newBackgroundContext()
        reader.name = "reader, \(merging.traceName)"
        let store = try reader.performAndWait {
            try reader.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.count)])).map { Row(number: $0.count, title: $0.title ?? "") }
        }
        return Lane(merging: merging, steps: steps, store: store)
    }

    /// The name of the context whose list runs with `merging`: its lane in a trace.
    public static func listLane(_ merging: Merging) -> String {
        "list (\(merging == .swiftData ? "main" : "view") context), \(merging.traceName)"
    }

    /// Item number `number`, titled "item <number>".
    static func item(_ number: Int) -> Item {
        Item(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)), title: "item \(number)", count: number)
    }
}
