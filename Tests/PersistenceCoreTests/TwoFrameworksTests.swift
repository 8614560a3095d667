import Foundation
import LabSupport
import PersistenceCore
import SampleModels
import Testing
import TestSupport

/// Where SwiftData and Core Data differ, each name behaves as the framework it comes from.
///
/// SwiftData's contexts (`mainContext`, `ModelContext(container)`, a `@ModelActor`'s) see the
/// container's other contexts' saves with no merging code; Core Data's (`viewContext`,
/// `newBackgroundContext()`, `ModelContext(container, concurrencyType:)`) merge nothing until
/// `automaticallyMergesChangesFromParent` is set. Batch requests report their status only unless
/// asked for more, as Core Data's (`BatchRequestTests`).
@Suite("Two frameworks: SwiftData's names behave as SwiftData, Core Data's as Core Data")
struct TwoFrameworksTests {
    /// Ada, saved in `context`, which must run on the main queue.
    @MainActor
    static func savedAda(in context: ModelContext) throws -> Person {
        let ada = Person(name: "Ada", age: 36, sex: "f")
        context.insert(ada)
        try context.save()
        return ada
    }

    /// Sets Ada's age in a background context of Core Data's kind and saves it.
    static func setAge(_ age: Int, of id: PersistentIdentifier, in container: ModelContainer) async throws {
        let background = container.newBackgroundContext()
        try await background.perform {
            try background.existingModel(for: id, as: Person.self).age = age
            try background.save()
        }
    }

    @Test("SwiftData's mainContext sees another context's save with no merging code")
    @MainActor
    func mainContextMergesByItself() async throws {
        // Given Ada, shown by SwiftData's main context
        let container = try makeContainer()
        let main = container.mainContext
        let ada = try Self.savedAda(in: main)

        // When a background context changes her and saves
        try await Self.setAge(37, of: ada.persistentModelID, in: container)
        await main.perform(schedule: .enqueued) {}  // after the merge the save enqueued on the main queue

        // Then the main context's Ada shows it: SwiftData merged it
        #expect(ada.age == 37)
        #expect(!ada.hasChanges)
    }

    @Test("SwiftData's mainContext autosaves (SwiftData sets autosaveEnabled for it); a hand-made context and Core Data's viewContext do not")
    @MainActor
    func autosave() async throws {
        let container = try makeContainer()
        #expect(container.mainContext.autosaveEnabled)
        #expect(!ModelContext(container).autosaveEnabled, "false by default, as SwiftData's")
        #expect(!container.viewContext.autosaveEnabled, "Core Data has no autosave")

        // A change on the main context is saved once the main queue's turn is over
        container.mainContext.insert(Item(timestamp: .now, count: 1))
        await container.mainContext.perform(schedule: .enqueued) {}
        #expect(!container.mainContext.hasChanges)
        #expect(try container.viewContext.fetchCount(FetchDescriptor<Item>()) == 1)
    }

    @Test("Core Data's viewContext merges nothing until automaticallyMergesChangesFromParent is set")
    @MainActor
    func viewContextWaitsToBeTold() async throws {
        // Given Ada, shown by Core Data's view context, which is not SwiftData's main context
        let container = try makeContainer()
        let view = container.viewContext
        #expect(view !== container.mainContext)
        #expect(view.concurrencyType == .mainQueue)
        #expect(!view.automaticallyMergesChangesFromParent, "false by default, as Core Data's")
        let ada = try Self.savedAda(in: view)

        // When a background context saves a change: the view context still shows the old age
        try await Self.setAge(37, of: ada.persistentModelID, in: container)
        await view.perform(schedule: .enqueued) {}
        #expect(ada.age == 36)

        // Once told to merge, the next save reaches it
        view.automaticallyMergesChangesFromParent = true
        try await Self.setAge(38, of: ada.persistentModelID, in: container)
        await view.perform(schedule: .enqueued) {}
        #expect(ada.age == 38)
    }

    @Test("ModelContext(container) merges by itself, as SwiftData's; ModelContext(container, concurrencyType:) and newBackgroundContext() do not, as Core Data's")
    func handMadeContexts() async throws {
        let container = try makeContainer()
        let swiftData = await Task.detached { ModelContext(container) }.value
        let coreData = ModelContext(container, concurrencyType: .privateQueue)
        let background = container.newBackgroundContext()
        #expect(swiftData.concurrencyType == .privateQueue, "made off the main queue")

        // Given Ada registered in each of the three
        let seeding = container.newBackgroundContext()
        let id = try seeding.performAndWait {
            let ada = Person(name: "Ada", age: 36, sex: "f")
            seeding.insert(ada)
            try seeding.save()
            return ada.persistentModelID
        }
        func age(in context: ModelContext) async throws -> Int {
            try await context.perform(schedule: .enqueued) { try context.existingModel(for: id, as: Person.self).age }
        }
        for context in [swiftData, coreData, background] { _ = try await age(in: context) }

        // When another context saves a change to her
        try await Self.setAge(37, of: id, in: container)

        // Then only SwiftData's context shows it
        #expect(try await age(in: swiftData) == 37)
        #expect(try await age(in: coreData) == 36)
        #expect(try await age(in: background) == 36)
        #expect(swiftData.automaticallyMergesChangesFromParent)
        #expect(!coreData.automaticallyMergesChangesFromParent && !background.automaticallyMergesChangesFromParent)
    }

    @Test("A ResultsObserver on SwiftData's mainContext follows a model actor's saves with no merging code")
    @MainActor
    func observerOnMainContextFollowsOtherContexts() async throws {
        // Given a list of items on the main context
        let container = try makeContainer()
        let observer = try ResultsObserver(fetchDescriptor: FetchDescriptor<Item>(sortBy: [SortDescriptor(\.count)]),
                                           modelContext: container.mainContext)
        #expect(observer.results.isEmpty)

        // When a model actor made off the main queue inserts an item and saves
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        _ = try await handler.insertItem(count: 7)
        await container.mainContext.perform(schedule: .enqueued) {}

        // Then the list shows it
        #expect(observer.results.map(\.count) == [7])
    }

    @Test("A ResultsObserver on Core Data's viewContext does not follow what the context has not merged")
    @MainActor
    func observerOnViewContextFollowsItsMerges() async throws {
        let container = try makeContainer()
        let observer = try ResultsObserver(fetchDescriptor: FetchDescriptor<Item>(), modelContext: container.viewContext)
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        _ = try await handler.insertItem(count: 7)
        await container.viewContext.perform(schedule: .enqueued) {}
        #expect(observer.results.isEmpty, "as NSFetchedResultsController follows only its context")
    }

    @Test("SwiftData's mainContext sees another process's commit to its file with no code; Core Data's viewContext does not")
    @MainActor
    func otherProcessesCommits() async throws {
        // Given Ada on SwiftData's main context and on Core Data's view context of the app's
        // container, and a second container on the same file: the widget, another process
        let directory = TemporaryDirectory()
        let app = try ModelContainer(for: Person.self, configuration: .file(directory.file("store.sqlite")))
        try #require(app.postsRemoteChanges, "this system announces no commits (inotify on Linux, notify(3) on Apple platforms): nothing would be posted")
        let adaOnMain = try Self.savedAda(in: app.mainContext)
        let id = adaOnMain.persistentModelID
        let adaOnView = try app.viewContext.existingModel(for: id, as: Person.self)
        let widget = try ModelContainer(for: Person.self, configuration: .file(directory.file("store.sqlite")))
        var announced = remoteChanges(of: app).makeAsyncIterator()

        // When the widget changes her age and saves
        try await Self.setAge(37, of: id, in: widget)
        let widgetsToken = try #require(try widget.newBackgroundContext().fetchHistoryOnQueue().last?.token)
        while let change = await announced.next(), change.historyToken < widgetsToken {}
        await app.mainContext.perform(schedule: .enqueued) {}  // the merge was queued before the notification

        // Then the main context shows it, merged from history by itself; the view context does not
        #expect(adaOnMain.age == 37)
        #expect(adaOnView.age == 36)
        #expect(!adaOnMain.hasChanges)
    }
}

private extension ModelContext {
    /// Every history transaction of the store, read on this context's queue.
    func fetchHistoryOnQueue() throws -> [DefaultHistoryTransaction] {
        try performAndWait { try fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()) }
    }
}
