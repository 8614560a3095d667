import Foundation
import PersistenceCore
import SampleModels

extension ChangeMerging {
    /// How the main context learns of the background save.
    enum Merging {
        /// It does not.
        case never
        /// A `ModelContext.didSave` observer merges the changes, on the main queue, by hand.
        case byHand
        /// `automaticallyMergesChangesFromParent` does the same for every save.
        case automatically

        /// How a trace's lanes call it.
        var traceName: String {
            switch self {
            case .never: "no merging"
            case .byHand: "merged by hand"
            case .automatically: "automatic merging"
            }
        }
    }

    /// One run of the example in a container of its own; returns what the main context shows and
    /// the changes a by-hand merge received.
    ///
    ///     main context                          background context
    ///     insert Ada (36) and Bob, save
    ///                                           Ada.age = 37, delete Bob, insert Carol, save
    ///                                           (didSave: 1 inserted, 1 updated, 1 deleted)
    ///     [merge: by hand, automatically, or never]
    ///     perform(schedule: .enqueued) {}       ← runs after any merge the save enqueued
    ///     look at Ada, Bob, and a fetch
    func runExample(_ merging: Merging, in environment: LessonEnvironment) async throws
        -> (view: MainContextView, store: [PersonValues], received: ChangeCounts?) {
        let container = try environment.makeContainer(for: [Person.self], name: "change-merging-\(merging)")
        let main = container.viewContext
        main.name = "view context, \(merging.traceName)"

        // Given Ada and Bob, saved and registered in the main context
        let (ada, bob) = try await main.perform {
            let ada = Person(name: "Ada", age: 36, sex: "f"), bob = Person(name: "Bob", age: 40, sex: "m")
            main.insert(ada)
            main.insert(bob)
            try main.save()
            return (ada.persistentModelID, bob.persistentModelID)
        }

        let background = container.newBackgroundContext()
        background.name = "background context, \(merging.traceName)"
        let received = ReceivedChanges()
        var observer: (any NSObjectProtocol)?
        switch merging {
        case .never:
            break
        case .byHand:
            // Article 003's observer: hand the saved changes to the main context, on its queue.
            observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: background, queue: nil) { note in
                guard let changes = ModelContext.Changes(notification: note) else { return }
                received.record(changes)
                main.perform { main.mergeChanges(fromContextDidSave: changes) }
            }
        case .automatically:
            main.automaticallyMergesChangesFromParent = true
        }
        defer {
            if let observer { NotificationCenter.default.removeObserver(observer) }
        }

        // When a background context updates Ada, deletes Bob, inserts Carol, and saves
        try await background.perform {
            try background.existingModel(for: ada, as: Person.self).age = 37
            background.delete(try background.existingModel(for: bob, as: Person.self))
            background.insert(Person(name: "Carol", age: 28, sex: "f"))
            try background.save()
        }

        // Then, once any merge the save enqueued on the main queue has run (main queue order),
        // the main context shows…
        let view = try await main.perform(schedule: .enqueued) { try MainContextView.observe(ada: ada, bob: bob, in: main) }
        let store = try await container.performBackgroundTask { fresh in
            fresh.name = "checker"
            return try fresh.fetch(FetchDescriptor<Person>(sortBy: [SortDescriptor(\.name)])).map { PersonValues($0) }
        }
        let counts = received.value.map { ChangeCounts(inserted: $0.inserted.count, updated: $0.updated.count, deleted: $0.deleted.count) }
        return (view, store, counts)
    }
}

extension ChangeMerging.MainContextView {
    /// What `context` shows of Ada and Bob, and a fresh fetch of every person; call it on the
    /// context's queue.
    static func observe(ada: PersistentIdentifier, bob: PersistentIdentifier, in context: ModelContext) throws -> Self {
        guard let registeredAda = context.registeredModel(for: ada) as Person? else {
            throw LessonError.unexpected("Ada is not registered in the main context")
        }
        return Self(
            adaAge: registeredAda.age,
            bobStillRegistered: (context.registeredModel(for: bob) as Person?) != nil,
            fetched: try context.fetch(FetchDescriptor<Person>(sortBy: [SortDescriptor(\.name)])).map { PersonValues($0) })
    }
}

/// The changes a didSave observer received, read back once the save is over.
private final class ReceivedChanges: Sendable {
    private let changes = Locked<ModelContext.Changes?>(nil)

    func record(_ new: ModelContext.Changes) { changes.withLock { $0 = new } }

    var value: ModelContext.Changes? { changes.withLock { $0 } }
}
