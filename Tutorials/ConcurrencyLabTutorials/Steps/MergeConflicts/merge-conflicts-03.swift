import PersistenceCore
import SampleModels
import Lessons

enum MergeConflicts03 {  // tutorial:hide
    /// The other fix: merge the batch's result by hand, right after it.
    ///
    ///     main context (auto-merging)      batch update (no context)
    ///     fetch person: Ada, 36, "f"
    ///                                      age = 30, sex = "x": no didSave, no automatic merge
    ///     mergeChanges(fromRemoteContextSave:into:) ← the person now shows Ada, 30, "x"
    ///     name = "Ada L.", age = 40; save  ← no conflict, even under .error
    @MainActor
    func mergeTheBatch(_ container: ModelContainer) throws {
        let main = container.viewContext
        main.automaticallyMergesChangesFromParent = true  // does not see batch requests
        let person = try main.fetch(FetchDescriptor<Person>()).first!
        let result = try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 30, "sex": "x"],
                                                                    resultType: .identifiers))
        let changes = ModelContext.Changes(updated: Set(result.identifiers ?? []))
        // The lab's spelling of NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:).
        ModelContext.mergeChanges(fromRemoteContextSave: changes, into: [main])
        person.name = "Ada L."
        person.age = 40
        try main.save()  // the store now holds Ada L., 40, "x"
    }
}  // tutorial:hide
