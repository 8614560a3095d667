import Foundation
import PersistenceCore
import SampleModels

extension ChangeMerging {
    /// The same background save under SwiftData (iOS 17 and later): the main context shows it
    /// with no merging code, because SwiftData merges the saves of a container's contexts by
    /// itself.
    ///
    ///     main context (MainActor)              PeopleEditor (a model actor, private queue)
    ///     insert Ada (36) and Bob, save
    ///                                           Ada.age = 37, delete Bob, insert Carol, save
    ///     [SwiftData merges the save on the main queue, queued by the save]
    ///     look at Ada, Bob, and a fetch         ← after the merge: both are main-queue jobs,
    ///                                             and the merge was queued first
    @MainActor
    func runSwiftDataExample(in environment: LessonEnvironment) async throws -> MainContextView {
        let container = try environment.makeContainer(for: [Person.self], name: "change-merging-swiftdata")
        let main = container.mainContext
        main.name = "SwiftData main context, no merging code"

        // Given Ada and Bob, saved and registered in the main context
        let ada = Person(name: "Ada", age: 36, sex: "f"), bob = Person(name: "Bob", age: 40, sex: "m")
        main.insert(ada)
        main.insert(bob)
        try main.save()
        let (adaID, bobID) = (ada.persistentModelID, bob.persistentModelID)

        // When a model actor made off the main actor updates Ada, deletes Bob, inserts Carol, and saves
        let editor = await Task.detached { PeopleEditor(modelContainer: container) }.value
        try await editor.edit(ada: adaID, bob: bobID)

        // Then the main context shows the store, with no merging code
        return try MainContextView.observe(ada: adaID, bob: bobID, in: main)
    }
}

/// SwiftData's background worker for the example: a model actor on a private queue of its own
/// (made off the main actor), which gets identifiers, never models.
@ModelActor
actor PeopleEditor {
    /// Sets Ada's age to 37, deletes Bob, inserts Carol, and saves.
    func edit(ada: PersistentIdentifier, bob: PersistentIdentifier) throws {
        modelContext.name = "PeopleEditor (model actor)"
        guard let ada = self[ada, as: Person.self], let bob = self[bob, as: Person.self] else {
            throw LessonError.unexpected("Ada or Bob is not in the store")
        }
        ada.age = 37
        modelContext.delete(bob)
        modelContext.insert(Person(name: "Carol", age: 28, sex: "f"))
        try modelContext.save()
    }
}
