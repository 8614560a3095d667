import Foundation
import PersistenceCore
import SampleModels

/// The background half of the lesson: a model actor with a private queue that adds items and
/// renames some, each change one save, as an import or a sync would.
@BackgroundModelActor  // the lab's own; Core Data: CoreDataEvolution's @NSModelActor
actor ItemEditor {
    /// Names the actor's context, as a trace names its lane.
    func name(_ name: String) {
        modelContext.name = name
    }

    /// Inserts items numbered `numbers` and saves; returns when the save began.
    func addItems(_ numbers: [Int]) throws -> ContinuousClock.Instant {
        for number in numbers {
            modelContext.insert(ListThatDoesNotUpdate.item(number))
        }
        let saving = ContinuousClock.now
        try modelContext.save()
        return saving
    }

    /// Renames the items numbered `numbers` to `title` and saves; returns when the save began.
    func rename(_ numbers: [Int], to title: String) throws -> ContinuousClock.Instant {
        for item in try modelContext.fetch(FetchDescriptor<Item>(predicate: #Predicate { numbers.contains($0.count) })) {
            item.title = title
        }
        let saving = ContinuousClock.now
        try modelContext.save()
        return saving
    }
}
